import { createCompilingValidator } from '../../validation/compile';
import { describe, expect, it } from 'vitest';
import { createExecutionService, type ApprovalRequest } from '../../runtime/service';
import { toLlmContext } from '../../runtime/result';
import { bundle } from '../../toolset/bundle';
import { createWorkspace } from '../../workspace/workspace';
import { answering } from '../support/context.test-support';
import { acodeImplementations } from './index';

// The validator these tests check with: schemas compiled on demand, as the CLI does.
const validator = createCompilingValidator();

async function runtime(approveAll = true) {
  const workspace = await createWorkspace();
  await workspace.writeText('README.md', '# Sample\nTODO: write docs\n');
  await workspace.writeText('src/app.ts', 'export const answer = 42; // TODO\n');
  const approvals: ApprovalRequest[] = [];
  const service = createExecutionService({
    validator,
    tools: bundle.tools,
    implementations: acodeImplementations(),
    workspace,
    interaction: answering('Yes'),
    approve: async (request) => {
      approvals.push(request);
      return approveAll;
    },
  });
  return { service, workspace, approvals };
}

describe('the acode toolset through the execution service', () => {
  it('has a handler for every tool of this engineer’s categories', () => {
    const implementations = acodeImplementations();
    for (const name of [
      'read_file',
      'write_file',
      'list_directory',
      'search_files',
      'delete_file',
      'move_file',
      'execute_command',
      'execute_script',
      'ask_user',
      'confirm_action',
    ]) {
      expect(implementations.get(name)?.name, name).toBe(name);
      expect(
        bundle.tools.some((tool) => tool.name === name),
        name,
      ).toBe(true);
    }
  });

  it('writes and reads back a file; a new file needs no approval', async () => {
    const { service, approvals } = await runtime();
    const written = await service.execute('write_file', {
      path: 'notes/today.md',
      content: 'hello\n',
      create_directories: true,
    });
    expect(written.success).toBe(true);
    expect(approvals).toHaveLength(0);
    const read = await service.execute('read_file', { path: 'notes/today.md' });
    expect(read.data).toMatchObject({ kind: 'file_content', content: 'hello\n' });
    expect(written.suggestedFollowUps?.[0]).toContain('read_file');
  });

  it('asks approval to overwrite, delete and run commands, with the summary and effective risk', async () => {
    const { service, approvals } = await runtime();
    await service.execute('write_file', { path: 'README.md', content: 'replaced' });
    await service.execute('delete_file', { path: 'src/app.ts', confirm: true });
    await service.execute('execute_command', { command: 'rm -rf src' });
    expect(approvals.map((request) => [request.tool.name, request.risk, request.summary])).toEqual([
      ['write_file', 'medium', "Write 8 characters to 'README.md'"],
      ['delete_file', 'high', "Delete file 'src/app.ts'"],
      ['execute_command', 'critical', 'Run `rm -rf src` (timeout 300 s)'],
    ]);
  });

  it('denies and leaves the workspace alone', async () => {
    const { service, workspace } = await runtime(false);
    const result = await service.execute('delete_file', { path: 'README.md', confirm: true });
    expect(result.errorCode).toBe('denied');
    expect(await workspace.exists('README.md')).toBe(true);
  });

  it('rejects invalid arguments before any handler runs', async () => {
    const { service } = await runtime();
    const result = await service.execute('read_file', { path: 'README.md', start_line: 0 });
    expect(result.errorCode).toBe('validation_failed');
    expect(result.validationErrors?.[0]).toMatchObject({ parameter: 'start_line', code: 'out_of_range' });
  });

  it('reports traversal as a path error the model can read', async () => {
    const { service } = await runtime();
    const result = await service.execute('read_file', { path: '../../etc/passwd' });
    expect(result.success).toBe(false);
    const text = toLlmContext(result);
    expect(text).toMatch(/^Result: Failed\nError: .*outside the workspace/);
  });

  it('stops a command at its timeout_seconds', async () => {
    const { service } = await runtime();
    const result = await service.execute('execute_command', { command: 'while true; do :; done', timeout_seconds: 1 });
    expect(result.errorCode).toBe('timeout');
    // The limit applied is the call's own second, not the tool's default.
    expect(result.error).toMatch(/timed out after 1 s and was stopped/);
  });

  it('searches and answers questions', async () => {
    const { service } = await runtime();
    const search = await service.execute('search_files', { query: 'TODO' });
    expect(search.data).toMatchObject({ kind: 'search_hits' });
    expect(search.data?.kind === 'search_hits' && search.data.hits.map((hit) => hit.file)).toEqual([
      'README.md',
      'src/app.ts',
    ]);
    const asked = await service.execute('ask_user', { question: 'Proceed?', options: ['Yes', 'No'] });
    expect(asked.data).toMatchObject({ answer: 'Yes' });
  });

  it('asks no approval for a call that cannot succeed', async () => {
    const { service, approvals } = await runtime();
    const cases: [string, Record<string, unknown>, string][] = [
      ['delete_file', { path: 'README.md' }, 'confirmation_required'],
      ['write_file', { path: 'README.md', content: 'x', overwrite: false }, 'already_exists'],
      ['execute_script', { language: 'powershell', script: 'Get-ChildItem' }, 'language_unavailable'],
      ['move_file', { source: 'README.md', destination: 'src/app.ts' }, 'already_exists'],
      ['execute_command', { command: 'ls', working_directory: 'nowhere' }, 'path_not_found'],
      ['git_commit', { message: 'x', files: ['.git/x'] }, 'protected_path'],
    ];
    for (const [tool, args, code] of cases) {
      const result = await service.execute(tool, args);
      expect(result.errorCode, tool).toBe(code);
    }
    expect(approvals).toEqual([]);
  });

  it('puts the destructive pattern in a critical approval request as its reason', async () => {
    const { service, approvals } = await runtime(false);
    await service.execute('execute_command', { command: 'git reset --hard HEAD~3' });
    expect(approvals.map((request) => [request.risk, request.reason])).toEqual([
      ['critical', 'git reset --hard discards work'],
    ]);
  });

  it('keeps the workspace root through rm -rf / and cd .. && rm -rf workspace, and says so', async () => {
    const { service, workspace } = await runtime();
    for (const command of ['rm -rf /', 'cd .. && rm -rf workspace', 'mv /workspace /elsewhere']) {
      await workspace.writeText('kept.txt', 'k');
      const result = await service.execute('execute_command', { command });
      expect(result.data?.kind === 'command_output' && result.data.stderr, command).toContain(
        'the workspace root cannot be removed or moved',
      );
      const listed = await service.execute('list_directory', { path: '.' });
      expect(listed.success, command).toBe(true);
      expect((await service.execute('write_file', { path: 'after.txt', content: 'still here' })).success, command).toBe(
        true,
      );
    }
    expect(await workspace.readText('after.txt')).toBe('still here');
    expect((await workspace.snapshot()).files['after.txt']).toBeDefined();
  });
});
