import { createCompilingValidator } from '../validation/compile';
/**
 * Hostile paths against every file tool of both toolsets, full stack (validate → run): traversal in
 * every spelling, through symbolic links, writes into .git/, 20 MB writes. Each ends in a clear error
 * naming the parameter and the rule, and the workspace is exactly as it was.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { ToolResult } from '../runtime/types';
import type { JsonObject, ToolDefinition } from '../toolset/types';
import { PATH_FORMATS } from '../validation/path-formats';
import { createStack, type Stack } from './harness.test-support';

// The validator these tests check with: schemas compiled on demand, as the CLI does.
const validator = createCompilingValidator();

const SPELLINGS = [
  '../../../etc/passwd',
  '/etc/passwd',
  '..\\..\\etc\\passwd',
  '%2e%2e/%2e%2e/etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  '%252e%252e/etc',
  '\u2025/etc/passwd',
  '\uff0e\uff0e\uff0fetc\uff0fpasswd',
  'src/\u0000/../../x',
  'C:\\Windows\\win.ini',
  '~/.ssh/id_rsa',
];

/** Top-level path parameters (or arrays of them), found from the schema's format. */
function pathParameters(tool: ToolDefinition): { name: string; items: boolean }[] {
  const properties = (tool.inputSchema.properties ?? {}) as Record<string, JsonObject>;
  return Object.entries(properties).flatMap(([name, schema]): { name: string; items: boolean }[] => {
    if (PATH_FORMATS.includes(String(schema.format))) return [{ name, items: false }];
    const items = schema.items as JsonObject | undefined;
    return items !== undefined && PATH_FORMATS.includes(String(items.format)) ? [{ name, items: true }] : [];
  });
}

function pathParameterCount(tools: ToolDefinition[]): number {
  return tools.reduce((count, tool) => count + pathParameters(tool).length, 0);
}

function expectRefusedNaming(result: ToolResult, parameter: string, codes: string[]): void {
  expect(result.success).toBe(false);
  const reported = [result.errorCode, ...(result.validationErrors ?? []).map((error) => error.code)];
  expect(
    reported.some((code) => code !== undefined && codes.includes(code)),
    JSON.stringify(result),
  ).toBe(true);
  const text = [
    result.error,
    ...(result.validationErrors ?? []).map((error) => `${error.parameter} ${error.message}`),
  ].join(' ');
  expect(text).toContain(parameter);
}

const SAMPLE = { 'src/app.ts': 'export const app = 1;\n', 'README.md': '# Sample\n', '.env': 'TOKEN=secret\n' };

for (const toolsetId of ['acode-core', 'prfactory-agent-tools']) {
  describe(`${toolsetId}: path traversal in every spelling, for every file tool`, () => {
    let stack: Stack;
    let before: string;
    beforeAll(async () => {
      stack = await createStack(toolsetId, SAMPLE);
      before = await stack.fingerprint();
    });

    it('every tool with a path parameter refuses every spelling, and nothing changes', async () => {
      let checked = 0;
      for (const tool of stack.tools) {
        for (const parameter of pathParameters(tool)) {
          for (const spelling of SPELLINGS) {
            const args = { ...tool.examples[0].arguments, [parameter.name]: parameter.items ? [spelling] : spelling };
            const result = await stack.service.execute(tool.name, args);
            expectRefusedNaming(result, parameter.name, ['path_outside_workspace', 'validation_failed']);
            checked += 1;
          }
        }
      }
      expect(checked).toBe(pathParameterCount(stack.tools) * SPELLINGS.length);
      expect(checked).toBeGreaterThanOrEqual(150);
      expect(await stack.fingerprint()).toBe(before);
    }, 120_000);
  });
}

describe('through symbolic links (the runtime layer: links need the workspace)', () => {
  it('a link leading outside, or into .git, never lets a file tool out or in', async () => {
    const stack = await createStack('acode-core', SAMPLE);
    await stack.workspace.fs.symlink('/etc', '/workspace/etc-link');
    await stack.workspace.fs.symlink('../../..', '/workspace/src/up');
    await stack.workspace.fs.mkdir('/workspace/.git', { recursive: true });
    await stack.workspace.fs.symlink('.git', '/workspace/git-link');
    const before = await stack.fingerprint();
    expectRefusedNaming(await stack.service.execute('read_file', { path: 'etc-link/passwd' }), 'path', [
      'path_outside_workspace',
    ]);
    expectRefusedNaming(await stack.service.execute('read_file', { path: 'src/up/etc/passwd' }), 'path', [
      'path_outside_workspace',
    ]);
    expectRefusedNaming(await stack.service.execute('write_file', { path: 'etc-link/evil', content: 'x' }), 'path', [
      'path_outside_workspace',
    ]);
    expectRefusedNaming(await stack.service.execute('write_file', { path: 'git-link/config', content: 'x' }), 'path', [
      'protected_path',
    ]);
    expectRefusedNaming(await stack.service.execute('list_directory', { path: 'etc-link' }), 'path', [
      'path_outside_workspace',
    ]);
    expect(await stack.fingerprint()).toBe(before);
  });
});

describe('writes into .git/ and huge writes', () => {
  it('write_file, delete_file and move_file refuse .git/ in any letter case, naming the rule', async () => {
    const stack = await createStack('acode-core', SAMPLE);
    await stack.workspace.writeText('.git/HEAD', 'ref: refs/heads/main\n');
    const before = await stack.fingerprint();
    for (const path of ['.git/HEAD', '.GIT/config', '.git./hooks/pre-commit', 'src/../.git/index']) {
      expectRefusedNaming(await stack.service.execute('write_file', { path, content: 'x', overwrite: true }), 'path', [
        'protected_path',
      ]);
      expectRefusedNaming(await stack.service.execute('delete_file', { path, confirm: true }), 'path', [
        'protected_path',
        'path_not_found',
      ]);
    }
    expectRefusedNaming(
      await stack.service.execute('move_file', { source: 'README.md', destination: '.git/README.md' }),
      'destination',
      ['protected_path'],
    );
    expect(await stack.fingerprint()).toBe(before);
  });

  it('a 20 MB write is refused by the content limit before anything is written', async () => {
    for (const [toolsetId, tool, args] of [
      ['acode-core', 'write_file', { path: 'big.txt', content: 'x'.repeat(20 * 1024 * 1024) }],
      ['prfactory-agent-tools', 'WriteFile', { filePath: 'big.txt', content: 'x'.repeat(20 * 1024 * 1024) }],
    ] as const) {
      const stack = await createStack(toolsetId, SAMPLE);
      const before = await stack.fingerprint();
      const result = await stack.service.execute(tool, args);
      expectRefusedNaming(result, 'content', ['string_too_long', 'validation_failed', 'file_too_large']);
      expect(await stack.workspace.exists('big.txt')).toBe(false);
      expect(await stack.fingerprint()).toBe(before);
    }
  });
});

describe('lenient mode hands the handler the canonical enum value', () => {
  it("read_file with encoding 'ASCII' reads as ascii, with a compatibility warning at validation", async () => {
    const { createExecutionService } = await import('../runtime/service');
    const { implementationsFor } = await import('../tools');
    const { answering } = await import('../tools/support/context.test-support');
    const stack = await createStack('acode-core', { 'a.txt': 'cafe\n' });
    const lenient = createExecutionService({
      validator,
      tools: stack.tools,
      implementations: implementationsFor('acode-core'),
      workspace: stack.workspace,
      interaction: answering('yes'),
      lenient: true,
    });
    const result = await lenient.execute('read_file', { path: 'a.txt', encoding: 'ASCII' });
    expect(result.success, result.error).toBe(true);
    expect(result.data).toMatchObject({ kind: 'file_content', encoding: 'ascii' });
    const strict = await stack.service.execute('read_file', { path: 'a.txt', encoding: 'ASCII' });
    expect(strict.errorCode).toBe('validation_failed');
    expect(strict.validationErrors?.[0]?.message).toContain("Did you mean 'ascii'?");
  });
});
