// Validation figures: schema compile time (cold and cached) and time per validate call, next to their targets.
// Run alone with `tsx scripts/bench-validation.ts`, or through `npm run bench`.
// Compiles schemas on demand (the page only runs validators generated at build time).
import { pathToFileURL } from 'node:url';
import { bundle } from '../src/core/toolset/bundle';
import type { ToolDefinition } from '../src/core/toolset/types';
import { benchRatiosApart } from './bench-ratios';
import Ajv2020 from 'ajv/dist/2020';
import { createCompilingValidator } from '../src/core/validation/compile';

// The validator of this bench: schemas compiled on demand, as the CLI does.
const validator = createCompilingValidator();

const TARGETS = {
  typicalValidateNs: 2000,
  writeFile1MbValidateNs: 100_000,
  allCompilesMs: 50,
  perSchemaCompileMs: 10,
  huge5MbRejectMs: 50,
};

function median(values: number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Median nanoseconds per call over `batches` batches of `perBatch` calls, after a warm-up. */
function timePerCall(call: () => unknown, batches: number, perBatch: number): number {
  for (let index = 0; index < perBatch * 5; index++) call();
  const samples: number[] = [];
  for (let batch = 0; batch < batches; batch++) {
    const started = performance.now();
    for (let index = 0; index < perBatch; index++) call();
    samples.push(((performance.now() - started) * 1e6) / perBatch);
  }
  return Math.round(median(samples));
}

const round = (value: number, digits = 3) => Number(value.toFixed(digits));

/** A schema without its `$id` (raw Ajv registers ids; ours forgets them). */
function withoutId(schema: ToolDefinition['inputSchema']): object {
  const { $id: _id, ...rest } = schema;
  return rest;
}

export async function benchValidation(): Promise<object> {
  const tools: ToolDefinition[] = bundle.tools;

  // One round: a fresh Ajv (no schema cached), then every schema compiled for the first time.
  const setupTool: ToolDefinition = { ...tools[0], name: 'setup', inputSchema: { type: 'object' } };
  const failures: Record<string, string> = {};
  const compileRound = () => {
    validator.reset();
    const setupStarted = performance.now();
    validator.precompile(setupTool);
    const setupMs = performance.now() - setupStarted;
    const perSchemaMs: Record<string, number> = {};
    for (const tool of tools) {
      const started = performance.now();
      const outcome = validator.precompile(tool);
      perSchemaMs[tool.name] = performance.now() - started;
      if (!outcome.ok) failures[tool.name] = outcome.message;
    }
    return {
      setupMs,
      perSchemaMs,
      totalMs: setupMs + Object.values(perSchemaMs).reduce((sum, value) => sum + value, 0),
    };
  };

  // The very first round also pays for the JavaScript engine warming up Ajv's code generator.
  const firstInProcess = compileRound();
  const rounds = Array.from({ length: 7 }, compileRound);
  const coldPerSchemaMs: Record<string, number> = {};
  for (const tool of tools)
    coldPerSchemaMs[tool.name] = round(median(rounds.map((entry) => entry.perSchemaMs[tool.name])));
  const ajvSetupMs = median(rounds.map((entry) => entry.setupMs));
  const totalColdMs = median(rounds.map((entry) => entry.totalMs));
  const coldSchemasMs = totalColdMs - ajvSetupMs;

  // Warm: the schema is compiled already, so "compiling" it again is a cache lookup.
  const warmPerSchemaNs: Record<string, number> = {};
  for (const tool of tools) warmPerSchemaNs[tool.name] = timePerCall(() => validator.precompile(tool), 30, 2000);
  const warmTotalNs = timePerCall(
    () => {
      for (const tool of tools) validator.precompile(tool);
    },
    50,
    200,
  );
  const warmLookupNs = warmTotalNs / tools.length;

  const perTool: Record<
    string,
    { examples: { title: string; medianNs: number }[]; invalidMedianNs: number; maxExampleNs: number }
  > = {};
  const exampleMedians: number[] = [];
  for (const tool of tools) {
    const examples = tool.examples.map((example) => {
      const medianNs = timePerCall(() => validator.validate(tool, example.arguments), 60, 2000);
      exampleMedians.push(medianNs);
      return { title: example.title, medianNs };
    });
    const invalid = tool.invalidExamples[0];
    const invalidMedianNs =
      invalid === undefined ? 0 : timePerCall(() => validator.validate(tool, invalid.arguments), 30, 500);
    perTool[tool.name] = {
      examples,
      invalidMedianNs,
      maxExampleNs: Math.max(...examples.map((example) => example.medianNs)),
    };
  }
  const typicalValidateNs = median(exampleMedians);
  const slowestExampleNs = Math.max(...exampleMedians);

  const writeFile = tools.find((tool) => tool.name === 'write_file');
  const megabyteArguments = { path: 'big.txt', content: 'x'.repeat(1_048_576) };
  const writeFile1MbNs =
    writeFile === undefined ? null : timePerCall(() => validator.validate(writeFile, megabyteArguments), 50, 20);
  // Beside raw Ajv 2020 as it comes (characters counted by walking the string), formats not checked.
  const rawAjv = new Ajv2020({ allErrors: true, strict: false, validateFormats: false });
  const rawWriteFile = writeFile === undefined ? null : rawAjv.compile(withoutId(writeFile.inputSchema));
  const rawWriteFile1MbNs = rawWriteFile === null ? null : timePerCall(() => rawWriteFile(megabyteArguments), 50, 20);

  // A 5 MB path (a pasted file where a path belongs): refused by its maxLength without the error echoing it.
  const readFile = tools.find((tool) => tool.name === 'read_file');
  const hugePath = { path: 'A'.repeat(5 * 1024 * 1024) };
  const huge5MbRejectMs =
    readFile === undefined ? null : timePerCall(() => validator.validate(readFile, hugePath), 9, 3) / 1e6;

  // Against raw Ajv, per tool of both toolsets, on the page's path and the CLI's (bench-ratios.ts), in a process of its own.
  const ratios = benchRatiosApart();

  return {
    targets: TARGETS,
    ratios,
    compile: {
      note: 'cold = a fresh Ajv with no schema cached, median of 7 rounds; firstInProcess also includes the engine warming up; warm = asking again for a schema already compiled (a cache hit)',
      firstInProcessTotalMs: round(firstInProcess.totalMs),
      ajvSetupMs: round(ajvSetupMs),
      coldPerSchemaMs,
      coldSchemasTotalMs: round(coldSchemasMs),
      totalColdMs: round(totalColdMs),
      targetTotalMs: TARGETS.allCompilesMs,
      slowestSchemaMs: round(Math.max(...Object.values(coldPerSchemaMs))),
      targetPerSchemaMs: TARGETS.perSchemaCompileMs,
      warmPerSchemaNs,
      warmTotalNs,
      warmLookupNs: Math.round(warmLookupNs),
      failures,
      withinTarget:
        totalColdMs <= TARGETS.allCompilesMs &&
        Object.values(coldPerSchemaMs).every((value) => value <= TARGETS.perSchemaCompileMs),
      firstInProcessWithinTarget: firstInProcess.totalMs <= TARGETS.allCompilesMs,
    },
    validate: {
      typicalMedianNs: typicalValidateNs,
      targetNs: TARGETS.typicalValidateNs,
      slowestExampleMedianNs: slowestExampleNs,
      withinTarget: typicalValidateNs <= TARGETS.typicalValidateNs,
      perTool,
    },
    hugeString5Mb: {
      note: 'read_file with a 5 MB path: one string_too_long error, nothing echoed',
      medianMs: huge5MbRejectMs === null ? null : round(huge5MbRejectMs),
      targetMs: TARGETS.huge5MbRejectMs,
      withinTarget: huge5MbRejectMs !== null && huge5MbRejectMs <= TARGETS.huge5MbRejectMs,
    },
    writeFile1Mb: {
      contentCharacters: megabyteArguments.content.length,
      note: 'write_file with a 1 MiB content: ours (its length decided by the UTF-16 length) beside raw Ajv 2020 (which counts every character)',
      medianNs: writeFile1MbNs,
      rawAjvMedianNs: rawWriteFile1MbNs,
      targetNs: TARGETS.writeFile1MbValidateNs,
      withinTarget: writeFile1MbNs !== null && writeFile1MbNs <= TARGETS.writeFile1MbValidateNs,
    },
  };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(JSON.stringify(await benchValidation(), null, 2));
}
