/**
 * The benchmark's figures: validation time per call, schema compilation time, and the
 * memory the loaded schemas and their compiled validators take. Node specifics (memory, gc) come in as
 * a runtime so the commands stay functions of their inputs.
 */
import type { ToolsetBundle, ToolDefinition } from '../core/toolset/types';
import type { Validator } from '../core/validation/validator';

/** The targets: under 1 ms a call, 500 ms to compile every schema, 10 MB of memory. */
export const TARGETS = {
  validationMilliseconds: 1,
  compilationMilliseconds: 500,
  memoryBytes: 10 * 1024 * 1024,
} as const;

interface MemorySample {
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}

export interface CliRuntime {
  memoryUsage: () => MemorySample;
  /** A full garbage collection, when the host can run one; without it memory deltas include garbage. */
  gc?: () => void;
  /** Milliseconds for the timed figures; a test gives a clock of its own so a loaded machine cannot change the verdict. */
  now?: () => number;
}

export interface MemoryFigures {
  /** Retained by a freshly loaded copy of the bundle (the schemas as data). */
  schemasBytes: number;
  /** Retained by compiling every schema (validators and the Ajv instance that owns them). */
  validatorsBytes: number;
  totalBytes: number;
  /** The bundle serialized, as the page and the CLI load it. */
  bundleBytes: number;
  /** Whether the deltas were taken after full garbage collections (exact) or not (an upper bound with noise). */
  garbageCollected: boolean;
  tools: number;
}

/** The JS heap: schemas and validators are plain objects and functions (external memory is buffers, freed on its own schedule). */
const heapOf = (sample: MemorySample) => sample.heapUsed;

const settle = (runtime: CliRuntime): MemorySample => {
  // Two passes: the first can leave objects that only a second one frees (weak references, finalizers).
  runtime.gc?.();
  runtime.gc?.();
  return runtime.memoryUsage();
};

/** Copies of the bundle loaded for the schema figure: one copy is small beside the heap's own noise. */
const SCHEMA_COPIES = 10;
/** Cold compiles whose median is the validator figure. */
const VALIDATOR_ROUNDS = 3;

/**
 * Memory of the schemas and validators, as heap deltas (after full collections when the runtime can
 * run them): loading copies of the bundle from its text, then compiling every schema from a cold cache.
 * A first untimed round compiles Ajv's own code and the parser's, so only the schemas' share is counted.
 * Leaves the validation cache warm.
 */
export function measureMemory(bundle: ToolsetBundle, runtime: CliRuntime, validator: Validator): MemoryFigures {
  const text = JSON.stringify(bundle);
  const warmUp = JSON.parse(text) as ToolsetBundle;
  validator.reset();
  for (const tool of warmUp.tools) validator.precompile(tool);
  validator.reset();

  const before = settle(runtime);
  const copies: ToolsetBundle[] = [];
  for (let copy = 0; copy < SCHEMA_COPIES; copy++) copies.push(JSON.parse(text) as ToolsetBundle);
  const afterLoad = settle(runtime);
  const loaded = copies[0] as ToolsetBundle;
  // The compiled code lands in V8's code spaces in steps; the median of a few cold compiles is steadier.
  const rounds: number[] = [];
  for (let round = 0; round < VALIDATOR_ROUNDS; round++) {
    validator.reset();
    const start = round === 0 ? afterLoad : settle(runtime);
    for (const tool of loaded.tools) validator.precompile(tool);
    rounds.push(heapOf(settle(runtime)) - heapOf(start));
  }
  // Kept alive until here, so nothing measured was collected in between.
  const tools = copies.reduce((count, copy) => Math.max(count, copy.tools.length), 0);
  const schemasBytes = Math.max(0, Math.round((heapOf(afterLoad) - heapOf(before)) / SCHEMA_COPIES));
  const validatorsBytes = Math.max(
    0,
    [...rounds].sort((left, right) => left - right)[Math.floor(VALIDATOR_ROUNDS / 2)] ?? 0,
  );
  return {
    schemasBytes,
    validatorsBytes,
    totalBytes: schemasBytes + validatorsBytes,
    bundleBytes: new TextEncoder().encode(text).length,
    garbageCollected: runtime.gc !== undefined,
    tools,
  };
}

export interface CompilationFigures {
  /** Every schema compiled from a cold cache, Ajv's set-up included. */
  totalMilliseconds: number;
  perTool: { name: string; milliseconds: number; ok: boolean }[];
}

/** Every schema compiled from a cold cache, timed; cold for the process too when it runs first. */
export function measureCompilation(
  tools: readonly ToolDefinition[],
  validator: Validator,
  now: () => number = () => performance.now(),
): CompilationFigures {
  validator.reset();
  const started = now();
  const perTool = tools.map((tool) => {
    const outcome = validator.precompile(tool);
    return { name: tool.name, milliseconds: outcome.milliseconds, ok: outcome.ok };
  });
  return { totalMilliseconds: now() - started, perTool };
}

export interface ValidationFigures {
  perTool: { name: string; examples: number; calls: number; averageMicroseconds: number }[];
  /** Over every call of every tool. */
  averageMicroseconds: number;
  calls: number;
}

/** Each tool's valid and invalid examples validated `iterations` times each, on compiled schemas. */
export function measureValidation(
  tools: readonly ToolDefinition[],
  iterations: number,
  validator: Validator,
  now: () => number = () => performance.now(),
): ValidationFigures {
  let totalMilliseconds = 0;
  let totalCalls = 0;
  const perTool = tools.map((tool) => {
    const samples = [
      ...tool.examples.map((example) => example.arguments),
      ...tool.invalidExamples.map((example) => example.arguments),
    ];
    validator.precompile(tool);
    // One untimed pass, so the first-call work (lazy parts of the validator) is not counted per call.
    for (const args of samples) validator.validate(tool, args);
    const started = now();
    for (let round = 0; round < iterations; round++) for (const args of samples) validator.validate(tool, args);
    const milliseconds = now() - started;
    const calls = iterations * samples.length;
    totalMilliseconds += milliseconds;
    totalCalls += calls;
    return {
      name: tool.name,
      examples: samples.length,
      calls,
      averageMicroseconds: calls === 0 ? 0 : (milliseconds * 1000) / calls,
    };
  });
  return {
    perTool,
    averageMicroseconds: totalCalls === 0 ? 0 : (totalMilliseconds * 1000) / totalCalls,
    calls: totalCalls,
  };
}

export const formatBytes = (bytes: number): string =>
  bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(2)} MB`
    : bytes >= 1024
      ? `${(bytes / 1024).toFixed(1)} KB`
      : `${bytes} B`;

export const formatMicroseconds = (microseconds: number): string =>
  microseconds >= 1000 ? `${(microseconds / 1000).toFixed(2)} ms` : `${microseconds.toFixed(1)} µs`;
