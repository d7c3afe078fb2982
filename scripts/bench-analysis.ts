// Code-analysis and Python figures: cold start of the tree-sitter runtime and each grammar, outline
// and index build over the sample project, search latency, and the Pyodide load.
// Run alone with `tsx scripts/bench-analysis.ts`, or through `npm run bench`.
import { pathToFileURL } from 'node:url';
import { createPyodideRunner } from '../src/core/runtime/python';
import type { ToolContext } from '../src/core/runtime/types';
import { parserService } from '../src/core/tools/acode/code_analysis/parsers/parser-service';
import { outlineSource } from '../src/core/tools/acode/code_analysis/parsers/outline';
import {
  GRAMMAR_LANGUAGES,
  grammarLanguageForPath,
} from '../src/core/tools/acode/code_analysis/parsers/grammar-loader';
import { semanticSearch, updateSemanticIndex } from '../src/core/tools/acode/code_analysis/semantic-index';
import { tool as findSymbol } from '../src/core/tools/acode/code_analysis/find_symbol';
import { createSampleWorkspace } from '../src/core/workspace/sample';

/** Aims for an interactive page; none is a contract of the specification. */
const TARGETS = {
  parserRuntimeColdMs: 500,
  grammarColdMs: 500,
  sampleIndexBuildMs: 500,
  warmSearchMs: 50,
  findSymbolColdMs: 2000,
  pyodideLoadMs: 15_000,
};

const round = (value: number, digits = 1) => Number(value.toFixed(digits));

function median(values: number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

async function timeMs(action: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await action();
  return performance.now() - started;
}

export async function benchAnalysis(): Promise<object> {
  // Parsers: the runtime, then each grammar, each loaded for the first time.
  for (const language of GRAMMAR_LANGUAGES) await parserService.getParser(language);
  const parserTimings = parserService.loadTimings();
  const runtimeMs = parserTimings.runtimeMs ?? Number.NaN;
  const grammarsMs = Object.fromEntries(
    Object.entries(parserTimings.grammarsMs).map(([language, ms]) => [language, round(ms)]),
  );
  const slowestGrammarMs = Math.max(...Object.values(grammarsMs));

  const workspace = await createSampleWorkspace();
  const files = await workspace.listFiles();
  const context: ToolContext = {
    workspace,
    signal: new AbortController().signal,
    timeoutMs: 30_000,
    reportProgress: () => undefined,
    interaction: { ask: async () => '', confirm: async () => true },
  };

  // Outlines: each tag query compiled once, then every sample source outlined (parse included).
  const tagsQueryCompileMs: Record<string, number> = {};
  for (const language of GRAMMAR_LANGUAGES)
    tagsQueryCompileMs[language] = round(await timeMs(() => parserService.getTagsQuery(language)));
  const sources: [NonNullable<ReturnType<typeof grammarLanguageForPath>>, string][] = [];
  for (const file of files) {
    const language = grammarLanguageForPath(file);
    if (language) sources.push([language, await workspace.readText(file)]);
  }
  const outlineSamples: number[] = [];
  for (let round = 0; round < 5; round++) {
    outlineSamples.push(
      await timeMs(async () => {
        for (const [language, text] of sources) await outlineSource(language, text);
      }),
    );
  }
  const outlineLines = sources.reduce((total, [, text]) => total + text.split('\n').length, 0);

  // find_symbol with references parses every source file that mentions the name.
  const findSymbolColdMs = await timeMs(() =>
    findSymbol.run({ symbol_name: 'UserService', include_references: true }, context),
  );
  const findSymbolWarmMs = await timeMs(() =>
    findSymbol.run({ symbol_name: 'UserService', include_references: true }, context),
  );

  // Semantic index: the first build, then warm searches, then one file changed.
  const build = await updateSemanticIndex(workspace);
  const queries = [
    'user authentication',
    'due date reminder',
    'weekly report',
    'retry with delay',
    'database connection',
  ];
  const searchSamples: number[] = [];
  for (let round = 0; round < 5; round++) {
    for (const query of queries)
      searchSamples.push(await timeMs(() => semanticSearch(workspace, query, { kind: 'workspace' }, 20)));
  }
  const warmSearchMs = median(searchSamples);
  await workspace.writeText('src/bench-note.ts', 'export const benchmarkNote = "index me";\n');
  const incremental = await updateSemanticIndex(workspace);

  // Python: the interpreter's first load, the first run and a warm run.
  const runner = createPyodideRunner({ workspace });
  const pyodideLoadMs = await timeMs(() => runner.load());
  const runOptions = { cwd: '/workspace', timeoutMs: 10_000, signal: new AbortController().signal };
  const firstRunMs = await timeMs(() => runner.run('print(sum(range(10)))', runOptions));
  const warmRunMs = await timeMs(() => runner.run('print(sum(range(10)))', runOptions));

  return {
    parsers: {
      runtimeColdMs: round(runtimeMs),
      grammarsColdMs: grammarsMs,
      targetMs: { runtime: TARGETS.parserRuntimeColdMs, grammar: TARGETS.grammarColdMs },
      withinTarget: runtimeMs <= TARGETS.parserRuntimeColdMs && slowestGrammarMs <= TARGETS.grammarColdMs,
    },
    outlines: {
      tagsQueryCompileMs,
      sourceFiles: sources.length,
      lines: outlineLines,
      allFilesMedianMs: round(median(outlineSamples)),
    },
    findSymbol: {
      sampleFiles: files.length,
      coldMs: round(findSymbolColdMs),
      warmMs: round(findSymbolWarmMs),
      targetColdMs: TARGETS.findSymbolColdMs,
      withinTarget: findSymbolColdMs <= TARGETS.findSymbolColdMs,
    },
    semanticIndex: {
      filesIndexed: build.filesIndexed,
      chunks: build.chunks,
      buildMs: round(build.durationMs),
      targetBuildMs: TARGETS.sampleIndexBuildMs,
      warmSearchMedianMs: round(warmSearchMs, 2),
      targetWarmSearchMs: TARGETS.warmSearchMs,
      incrementalUpdateMs: round(incremental.durationMs),
      incrementalFilesChanged: incremental.filesChanged,
      withinTarget: build.durationMs <= TARGETS.sampleIndexBuildMs && warmSearchMs <= TARGETS.warmSearchMs,
    },
    python: {
      pyodideLoadMs: round(pyodideLoadMs),
      firstRunMs: round(firstRunMs),
      warmRunMs: round(warmRunMs),
      targetLoadMs: TARGETS.pyodideLoadMs,
      withinTarget: pyodideLoadMs <= TARGETS.pyodideLoadMs,
    },
  };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(JSON.stringify(await benchAnalysis(), null, 2));
}
