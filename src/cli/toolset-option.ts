/**
 * `--toolset <id or file>` for every command: a bundled toolset by id (or name), or a file in any
 * format the import page reads (OpenAI, Anthropic, Gemini, MCP tools/list, CodeGenesis, a toolset file).
 * A file's refused definitions are reported on stderr and the rest are used.
 */
import type { Validator } from '../core/validation/validator';
import { importToolset } from '../core/import';
import type { ImportProblem } from '../core/import/types';
import type { ToolsetBundle } from '../core/toolset/types';

export type ToolsetChoice =
  { ok: true; argv: string[]; bundle?: ToolsetBundle; warnings: string[] } | { ok: false; message: string };

export const describeProblem = (problem: ImportProblem): string =>
  `${problem.severity === 'error' ? 'refused' : 'note'}${problem.toolName ? ` ${problem.toolName}` : ''} at ${problem.pointer || '/'} (${problem.rule}): ${problem.message}`;

/** Reads a definitions file; main.ts gives Node's, tests their own. */
export type FileReader = (path: string) => string;

export function loadToolsetFile(
  path: string,
  readFile: FileReader,
  validator: Validator,
): { ok: true; bundle: ToolsetBundle; warnings: string[] } | { ok: false; message: string } {
  let text: string;
  try {
    text = readFile(path);
  } catch (error) {
    return { ok: false, message: `--toolset: '${path}' could not be read: ${(error as Error).message}` };
  }
  const name =
    path
      .split(/[\\/]/)
      .pop()
      ?.replace(/\.json$/i, '') || 'Imported tools';
  const result = importToolset(text, { toolsetName: name, validator });
  const warnings = result.problems.map(describeProblem);
  if (result.toolset.tools.length === 0) {
    return { ok: false, message: [`--toolset: no usable tool definitions in '${path}'.`, ...warnings].join('\n') };
  }
  return { ok: true, bundle: result.toolset, warnings };
}

export function chooseToolset(
  argv: readonly string[],
  toolsets: readonly ToolsetBundle[],
  validator: Validator,
  readFile?: FileReader,
): ToolsetChoice {
  const rest: string[] = [];
  let value: string | undefined;
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index]!;
    if (argument === '--toolset') {
      value = argv[index + 1];
      if (value === undefined || value.startsWith('--'))
        return {
          ok: false,
          message: '--toolset needs a value: a toolset id (see list --toolsets) or a definitions file',
        };
      index += 1;
    } else if (argument.startsWith('--toolset=')) value = argument.slice('--toolset='.length);
    else rest.push(argument);
  }
  if (value === undefined) return { ok: true, argv: rest, warnings: [] };
  const wanted = value.trim().toLowerCase();
  const bundled = toolsets.find(
    (toolset) => toolset.manifest.id === wanted || toolset.manifest.name.toLowerCase() === wanted,
  );
  if (bundled) return { ok: true, argv: rest, bundle: bundled, warnings: [] };
  if (!readFile || !/[./\\]/.test(value)) {
    return {
      ok: false,
      message: `--toolset: no bundled toolset '${value}'; bundled: ${toolsets.map((toolset) => toolset.manifest.id).join(', ')}. A file path (with a / or .json) is read as definitions.`,
    };
  }
  const loaded = loadToolsetFile(value, readFile, validator);
  return loaded.ok ? { ok: true, argv: rest, bundle: loaded.bundle, warnings: loaded.warnings } : loaded;
}
