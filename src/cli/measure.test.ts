import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bundle } from '../core/toolset/bundle';
import type { CliRuntime } from './measure';
import { runCli } from './run';

/** Heap grows by `step` bytes at each reading; counts the collections asked for. The bundle is loaded
 * ten times over (schemas = step / 10); validators are the median of three compiles (= step). */
const fakeRuntime = (step: number) => {
  let heapUsed = 1_000_000;
  let clock = 0;
  const runtime: CliRuntime & { collections: number } = {
    collections: 0,
    // One microsecond per reading: the verdicts below depend on the figures, not on how busy the machine is.
    now: () => (clock += 0.001),
    memoryUsage: () => ({ heapUsed: (heapUsed += step), external: 0, arrayBuffers: 0 }),
    gc: () => {
      runtime.collections++;
    },
  };
  return runtime;
};

const run = (command: string, runtime?: CliRuntime) =>
  runCli(command.split(' '), { bundle, ...(runtime ? { runtime } : {}) });

describe('Verification scenario 10: benchmark', () => {
  it('prints each figure beside its target and exits 0 when all are met', async () => {
    const result = await run('benchmark --iterations 3', fakeRuntime(1000));
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(/^Schema benchmark: 17 tools, 3 rounds over each tool's examples$/m);
    expect(result.stdout).toMatch(/^ {2}read_file +\d+ +[\d.]+ (µs|ms)$/m);
    expect(result.stdout).toMatch(/^Average validation time: +[\d.]+ (µs|ms) per call +\(target < 1 ms\) +✓$/m);
    expect(result.stdout).toMatch(/^Schema compilation time: +[\d.]+ ms total +\(target < 500 ms\) +✓$/m);
    expect(result.stdout).toMatch(/^Memory for schemas: +1\.1 KB +\(target < 10\.00 MB\) +✓$/m);
  });

  it('--json carries every figure, the targets and whether each is met', async () => {
    const result = await run('benchmark --iterations 2 --json', fakeRuntime(1000));
    const report = JSON.parse(result.stdout) as {
      tools: number;
      validation: {
        calls: number;
        averageMicroseconds: number;
        targetMilliseconds: number;
        ok: boolean;
        perTool: { name: string; calls: number }[];
      };
      compilation: {
        totalMilliseconds: number;
        targetMilliseconds: number;
        ok: boolean;
        perTool: { name: string; ok: boolean }[];
      };
      memory: {
        schemasBytes: number;
        validatorsBytes: number;
        totalBytes: number;
        targetBytes: number;
        ok: boolean;
        garbageCollected: boolean;
      };
    };
    expect(report.tools).toBe(17);
    const examples = bundle.tools.reduce((sum, tool) => sum + tool.examples.length + tool.invalidExamples.length, 0);
    expect(report.validation.calls).toBe(2 * examples);
    expect(report.validation).toMatchObject({ targetMilliseconds: 1, ok: true });
    expect(report.validation.averageMicroseconds).toBeGreaterThan(0);
    expect(report.compilation.perTool.every((entry) => entry.ok)).toBe(true);
    expect(report.compilation).toMatchObject({ targetMilliseconds: 500, ok: true });
    expect(report.memory).toMatchObject({
      schemasBytes: 100,
      validatorsBytes: 1000,
      totalBytes: 1100,
      targetBytes: 10 * 1024 * 1024,
      ok: true,
      garbageCollected: true,
    });
    expect(result.exitCode).toBe(0);
  });

  it('exits 1 when a target is missed, and takes one tool', async () => {
    const huge = await run('benchmark read_file --iterations 1', fakeRuntime(20 * 1024 * 1024));
    expect(huge.exitCode).toBe(1);
    expect(huge.stdout).toMatch(/Memory for schemas: +22\.00 MB +\(target < 10\.00 MB\) +✗/);
    expect(huge.stdout).toContain('1 tool,');
    expect((await run('benchmark read_fil')).stderr).toContain('Did you mean: read_file?');
    expect((await run('benchmark --iterations 0')).exitCode).toBe(2);
  });
});

describe('Verification scenario 10: stats --memory', () => {
  it('stats counts the toolset and the bundle size', async () => {
    const result = await run('stats');
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(/^Tools: +17$/m);
    expect(result.stdout).toMatch(/^Categories: +5$/m);
    expect(result.stdout).toMatch(/^Bundle size: +[\d.]+ KB$/m);
    expect(result.stdout).not.toContain('Memory');
  });

  it('--memory measures with collections around load and compile, beside the target', async () => {
    const runtime = fakeRuntime(4096);
    const result = await run('stats --memory', runtime);
    expect(result.stdout).toMatch(/^ {2}Schemas \(loaded bundle\): +410 B$/m);
    expect(result.stdout).toMatch(/^ {2}Compiled validators: +4\.0 KB$/m);
    expect(result.stdout).toMatch(/^ {2}Total: +4\.4 KB +\(target < 10\.00 MB\) +✓$/m);
    // Two collections before each of 7 readings: around the load, and around each of 3 cold compiles.
    expect(runtime.collections).toBe(14);
    const json = JSON.parse((await run('stats --memory --json', fakeRuntime(10))).stdout) as {
      tools: number;
      bundleBytes: number;
      memory: { totalBytes: number; ok: boolean };
    };
    expect(json).toMatchObject({ tools: 17, memory: { totalBytes: 11, ok: true } });
    expect(json.bundleBytes).toBe(new TextEncoder().encode(JSON.stringify(bundle)).length);
  });

  it('says when it could not collect garbage, and refuses --memory without a runtime', async () => {
    const result = await run('stats --memory', { memoryUsage: fakeRuntime(1).memoryUsage });
    expect(result.stdout).toContain('without a forced garbage collection');
    expect(await run('stats --memory')).toMatchObject({ exitCode: 2 });
  });

  it("measures real memory in a real process, under the seed's 10 MB", () => {
    const bin = fileURLToPath(new URL('../../bin/tool-schemas.js', import.meta.url));
    const child = spawnSync(process.execPath, [bin, 'stats', '--memory', '--json'], { encoding: 'utf8' });
    expect(child.status).toBe(0);
    const report = JSON.parse(child.stdout) as {
      memory: { garbageCollected: boolean; schemasBytes: number; validatorsBytes: number; totalBytes: number };
    };
    expect(report.memory.garbageCollected).toBe(true);
    expect(report.memory.schemasBytes).toBeGreaterThan(0);
    expect(report.memory.validatorsBytes).toBeGreaterThan(0);
    expect(report.memory.totalBytes).toBeLessThan(10 * 1024 * 1024);
  }, 30_000);
});
