import { beforeAll, describe, expect, it } from 'vitest';
import { createPyodideRunner, type PyodideRunner } from '../../runtime/python';
import { createExecutionService } from '../../runtime/service';
import type { ToolResult } from '../../runtime/types';
import { bundle } from '../../toolset/bundle';
import { createSampleWorkspace } from '../../workspace/sample';
import { createWorkspace, type WorkspaceImpl } from '../../workspace/workspace';
import type { WorkspaceSnapshot } from '../../workspace/types';
import { acodeImplementations } from './index';

/**
 * The docs promise that an example, tried in the playground, works on the sample workspace the first
 * time. These are the exceptions, each the outcome the example is there to show.
 */
const EXPECTED_FAILURES: Record<string, { code: string; because: RegExp }> = {
  'write_file: Refuse to overwrite: config.json already exists, so this fails with already_exists': { code: 'already_exists', because: /config\.json/ },
  'execute_script: PowerShell: list C# files': { code: 'language_unavailable', because: /powershell/i },
};

/** A result that succeeded but found nothing would make a poor first try. */
function emptiness(result: ToolResult): string | null {
  const data = result.data as Record<string, unknown> | undefined;
  if (!data) return null;
  for (const key of ['hits', 'entries', 'commits', 'definitions']) {
    if (Array.isArray(data[key]) && data[key].length === 0) return `no ${key}`;
  }
  if (data['kind'] === 'command_output' && data['exitCode'] !== 0) return `exit code ${String(data['exitCode'])}`;
  return null;
}

let sample: WorkspaceSnapshot;
let workspace: WorkspaceImpl;
let python: PyodideRunner;

beforeAll(async () => {
  sample = await (await createSampleWorkspace()).snapshot();
  python = createPyodideRunner({ workspace: () => workspace });
}, 60_000);

const cases = bundle.tools.flatMap((tool) => tool.examples.map((example) => ({ tool: tool.name, example })));

describe('every schema example on a fresh sample workspace', () => {
  it('covers every tool', () => {
    expect(new Set(cases.map((entry) => entry.tool)).size).toBe(bundle.tools.length);
  });

  it.each(cases.map((entry) => [`${entry.tool}: ${entry.example.title}`, entry] as const))('%s', async (label, { tool, example }) => {
    workspace = await createWorkspace(sample);
    const service = createExecutionService({
      tools: bundle.tools,
      implementations: acodeImplementations(),
      workspace,
      python,
      // A person picks the default, or the first choice, or types an answer.
      interaction: { ask: async (_question, options, defaultOption) => defaultOption ?? options?.[0] ?? 'PostgreSQL', confirm: async () => true },
      approve: async () => true,
    });
    const result = await service.execute(tool, example.arguments);
    const expected = EXPECTED_FAILURES[label];
    if (expected) {
      expect(result.errorCode, JSON.stringify(result).slice(0, 400)).toBe(expected.code);
      expect(`${result.error ?? ''} ${result.message} ${JSON.stringify(result.data ?? '')}`).toMatch(expected.because);
      return;
    }
    expect(result.success, JSON.stringify(result).slice(0, 600)).toBe(true);
    expect(emptiness(result), JSON.stringify(result.data).slice(0, 400)).toBeNull();
  }, 60_000);

  it('names only examples that exist', () => {
    const labels = new Set(cases.map((entry) => `${entry.tool}: ${entry.example.title}`));
    for (const label of Object.keys(EXPECTED_FAILURES)) expect(labels.has(label), label).toBe(true);
  });
});
