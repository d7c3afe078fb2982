// Tool handler figures over a 5,000-file workspace: search_files (literal and regex) and a recursive
// list_directory, median of 5 runs each. Run alone with `tsx scripts/bench-tools.ts`, or through `npm run bench`.
import { pathToFileURL } from 'node:url';
import type { ToolContext, ToolImplementation } from '../src/core/runtime/types';
import { tool as listDirectory } from '../src/core/tools/acode/file_operations/list_directory';
import { tool as searchFiles } from '../src/core/tools/acode/file_operations/search_files';
import { createWorkspace, type WorkspaceImpl } from '../src/core/workspace/workspace';

const TARGETS = { searchFiles5000Ms: 200, searchFilesRegex5000Ms: 200, listDirectoryRecursive5000Ms: 200 };
const ROUNDS = 5;
const FILES = 5000;

function median(values: number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const round = (value: number) => Number(value.toFixed(1));

/** Source-like files of a few lines, over 50 directories of 10 subdirectories; every 100th holds the needle. */
async function buildWorkspace(): Promise<WorkspaceImpl> {
  const workspace = await createWorkspace();
  for (let index = 0; index < FILES; index += 1) {
    const marker = index % 100 === 0 ? '  // TODO: needle to find\n' : '';
    const content = `export function handler${index}(input: number): number {\n  const doubled = input * 2;\n${marker}  return doubled + ${index};\n}\n`;
    await workspace.writeText(`src/area${index % 50}/part${index % 10}/file${index}.ts`, content);
  }
  return workspace;
}

function context(workspace: WorkspaceImpl): ToolContext {
  return {
    workspace,
    signal: new AbortController().signal,
    timeoutMs: 30_000,
    reportProgress: () => undefined,
    interaction: { ask: async () => '', confirm: async () => false },
  };
}

async function measure(
  workspace: WorkspaceImpl,
  tool: ToolImplementation,
  args: Record<string, unknown>,
): Promise<{ ms: number; outcomeSize: number }> {
  const samples: number[] = [];
  let outcomeSize = 0;
  for (let index = 0; index < ROUNDS; index += 1) {
    const started = performance.now();
    const outcome = await tool.run(args, context(workspace));
    samples.push(performance.now() - started);
    if (!outcome.success) throw new Error(`${tool.name} failed: ${outcome.error}`);
    const data = outcome.data;
    outcomeSize = data?.kind === 'search_hits' ? data.hits.length : data?.kind === 'listing' ? data.entries.length : 0;
  }
  return { ms: round(median(samples)), outcomeSize };
}

export async function benchTools(): Promise<object> {
  const workspace = await buildWorkspace();
  const search = await measure(workspace, searchFiles, { query: 'needle', max_results: 1000 });
  const regex = await measure(workspace, searchFiles, {
    query: 'TODO:\\s+\\w+',
    regex: true,
    pattern: '*.ts',
    max_results: 1000,
  });
  const listing = await measure(workspace, listDirectory, { path: '.', recursive: true });
  const figures = {
    searchFiles5000Ms: search.ms,
    searchFilesRegex5000Ms: regex.ms,
    listDirectoryRecursive5000Ms: listing.ms,
  };
  return {
    targets: TARGETS,
    note: `median of ${ROUNDS} runs over ${FILES} files in the in-memory workspace`,
    ...figures,
    searchHits: search.outcomeSize,
    regexHits: regex.outcomeSize,
    listedEntries: listing.outcomeSize,
    withinTarget: Object.fromEntries(
      Object.entries(figures).map(([name, value]) => [name, value <= TARGETS[name as keyof typeof TARGETS]]),
    ),
  };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(JSON.stringify(await benchTools(), null, 2));
}
