import { describe, expect, it } from 'vitest';
import type { JsonValue } from './types';
import { tool, accepts } from './schemas.test-support';

describe('seed verification scenarios 2–8', () => {
  it('scenario 2: read_file shows its description and the README example', () => {
    expect(tool('read_file').description).toContain('Read the contents of a file');
    expect(tool('read_file').examples.map((example) => example.arguments)).toContainEqual({ path: 'README.md' });
  });

  const cases: [scenario: number, toolName: string, args: JsonValue, valid: boolean][] = [
    [3, 'read_file', { path: 'README.md' }, true],
    [3, 'read_file', { path: 'src/main.cs', start_line: 1, end_line: 100 }, true],
    [3, 'read_file', { path: 'data.txt', encoding: 'ascii' }, true],
    [3, 'read_file', { path: 'file.txt', start_line: 10, end_line: 20, encoding: 'utf-16' }, true],
    [4, 'read_file', {}, false],
    [4, 'read_file', { path: 'test.txt', start_line: 'ten' }, false],
    [4, 'read_file', { path: 'test.txt', encoding: 'utf-32' }, false],
    [4, 'read_file', { path: 'test.txt', start_line: 0 }, false],
    [5, 'execute_command', { command: 'echo test', timeout_seconds: 60 }, true],
    [5, 'execute_command', { command: 'echo test', timeout_seconds: 1 }, true],
    [5, 'execute_command', { command: 'echo test', timeout_seconds: 3600 }, true],
    [5, 'execute_command', { command: 'echo test', timeout_seconds: 0 }, false],
    [5, 'execute_command', { command: 'echo test', timeout_seconds: 5000 }, false],
    [6, 'execute_script', { script: 'Write-Host hello', language: 'powershell' }, true],
    [6, 'execute_script', { script: 'echo hello', language: 'bash' }, true],
    [6, 'execute_script', { script: 'print(hello)', language: 'python' }, true],
    [6, 'execute_script', { script: 'console.log(hello)', language: 'javascript' }, false],
    [6, 'execute_script', { script: 'puts hello', language: 'ruby' }, false],
    [7, 'git_log', {}, true],
    [7, 'git_log', { count: 50 }, true],
    [7, 'git_log', { count: 1 }, true],
    [7, 'git_log', { count: 100 }, true],
    [7, 'git_log', { count: 0 }, false],
    [7, 'git_log', { count: 500 }, false],
    [8, 'git_commit', { message: 'feat: add new feature' }, true],
    [8, 'git_commit', { message: 'fix: bug fix', files: ['src/app.cs'] }, true],
    [8, 'git_commit', { message: '' }, false],
    [8, 'git_commit', {}, false],
    [8, 'git_commit', { message: 'a'.repeat(600) }, false],
  ];

  it.each(cases)('scenario %i: %s %j → valid %s', (_scenario, toolName, args, valid) => {
    expect(accepts(toolName, args)).toBe(valid);
  });
});
