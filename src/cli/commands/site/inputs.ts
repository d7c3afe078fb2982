/**
 * The toolsets a site is built from: a file in any format the import reads, a folder in this project's toolset
 * format (one toolset, or a folder of them), or a live MCP server (a URL, or `-- <command …>` for stdio) whose
 * tools/list is read now. A definition the import refuses is returned as a refusal with its pointer and rule.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { importToolset } from '../../../core/import';
import type { ImportProblem } from '../../../core/import/types';
import { toolsetFromTools } from '../../../core/mcp/to-toolset';
import { ToolsetLoadError } from '../../../core/toolset/load';
import {
  loadCollectionFromDirectory,
  loadToolsetFromDirectory,
  type FolderReads,
} from '../../../core/toolset/load.node.js';
import type { ToolsetBundle } from '../../../core/toolset/types';
import type { Validator } from '../../../core/validation/validator';
import { describeProblem } from '../../toolset-option';
import type { McpTarget } from '../mcp/target';

export type SiteInput = { kind: 'path'; path: string } | { kind: 'mcp'; target: McpTarget };

export interface Refusal {
  /** The input it came from, as given. */
  source: string;
  problem: ImportProblem;
}

export interface ReadInputs {
  toolsets: ToolsetBundle[];
  /** Toolset id → the input it came from, as given. */
  sources: Map<string, string>;
  refusals: Refusal[];
}

/** An input that cannot be read: the message names it and says why. */
export class SiteInputError extends Error {}

const TOOLSET_MANIFEST = 'toolset.json';

const withSource = (source: string, toolsets: ToolsetBundle[], refusals: Refusal[]): ReadInputs => ({
  toolsets,
  sources: new Map(toolsets.map((toolset) => [toolset.manifest.id, source])),
  refusals,
});

async function readPath(path: string, validator: Validator, reads?: FolderReads): Promise<ReadInputs> {
  if (!existsSync(path)) throw new SiteInputError(`'${path}' does not exist.`);
  if (statSync(path).isDirectory()) {
    try {
      if (existsSync(join(path, TOOLSET_MANIFEST)))
        return withSource(path, [await loadToolsetFromDirectory(path, validator, { reads })], []);
      return withSource(path, (await loadCollectionFromDirectory(path, validator, { reads })).toolsets, []);
    } catch (error) {
      if (error instanceof ToolsetLoadError) throw new SiteInputError(`'${path}': ${error.message}`);
      throw error;
    }
  }
  const text = readFileSync(path, 'utf8');
  const result = importToolset(text, { validator, toolsetName: basename(path).replace(/\.json$/i, '') });
  if (result.format === null)
    throw new SiteInputError(`'${path}': ${result.problems[0]?.message ?? 'no tool definitions found.'}`);
  const refusals = result.problems
    .filter((problem) => problem.severity === 'error')
    .map((problem) => ({ source: path, problem }));
  return withSource(path, result.toolset.tools.length > 0 ? [result.toolset] : [], refusals);
}

async function readServer(target: McpTarget, validator: Validator): Promise<ReadInputs> {
  const shown = target.kind === 'url' ? target.url : [target.command, ...target.args].join(' ');
  // The MCP SDK is loaded only when a server is asked.
  const { connectTarget } = await import('../mcp/connect');
  const connected = await connectTarget(target);
  if (!connected.ok)
    throw new SiteInputError(`The MCP server ${shown} could not be reached: ${connected.failure.message}`);
  const connection = connected.value;
  try {
    const listed = await connection.listTools();
    if (!listed.ok)
      throw new SiteInputError(`The MCP server ${shown} did not list its tools: ${listed.failure.message}`);
    const live = toolsetFromTools(listed.value, connection.serverInfo, validator);
    const refusals = live.problems
      .filter((problem) => problem.severity === 'error')
      .map((problem) => ({ source: shown, problem }));
    return withSource(shown, [live.toolset], refusals);
  } finally {
    await connection.close();
  }
}

/** One input's toolsets and refusals. `reads`: a folder's files as last read, of which only the changed are read again. */
export const readInput = (input: SiteInput, validator: Validator, reads?: FolderReads): Promise<ReadInputs> =>
  input.kind === 'path' ? readPath(input.path, validator, reads) : readServer(input.target, validator);

/** The inputs' reads as one: their toolsets in order (two with one id are an error) and all their refusals. */
export function combineInputs(reads: readonly ReadInputs[]): ReadInputs {
  const toolsets: ToolsetBundle[] = [];
  const refusals: Refusal[] = [];
  const sources = new Map<string, string>();
  for (const read of reads) {
    for (const toolset of read.toolsets) {
      if (toolsets.some((known) => known.manifest.id === toolset.manifest.id))
        throw new SiteInputError(`Two toolsets have the id '${toolset.manifest.id}': rename one of the inputs.`);
      toolsets.push(toolset);
      sources.set(toolset.manifest.id, read.sources.get(toolset.manifest.id)!);
    }
    refusals.push(...read.refusals);
  }
  return { toolsets, sources, refusals };
}

/** Every input's toolsets, in the order given; two toolsets with one id are an error naming the id. */
export async function readInputs(inputs: readonly SiteInput[], validator: Validator): Promise<ReadInputs> {
  const reads: ReadInputs[] = [];
  for (const input of inputs) reads.push(await readInput(input, validator));
  return combineInputs(reads);
}

/** One line per refusal: the input, the tool, its pointer, the rule and why. */
export const describeRefusal = ({ source, problem }: Refusal): string => `${source}: ${describeProblem(problem)}`;
