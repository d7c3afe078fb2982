/** Test helper for the PRFactory handler tests: the sample project in a bench, and typed result data. */
import type { ToolData, ToolOutcome } from '../../runtime/types';
import { writeSampleProject, type SampleOptions } from '../../workspace/sample';
import { createTestBench, type TestBench } from '../support/context.test-support';

export async function sampleBench(options: SampleOptions = {}): Promise<TestBench> {
  const bench = await createTestBench();
  await writeSampleProject(bench.workspace, options);
  return bench;
}

export function dataOf<K extends ToolData['kind']>(outcome: ToolOutcome, kind: K): Extract<ToolData, { kind: K }> {
  if (outcome.data?.kind !== kind) throw new Error(`expected ${kind}, got ${JSON.stringify(outcome).slice(0, 400)}`);
  return outcome.data as Extract<ToolData, { kind: K }>;
}
