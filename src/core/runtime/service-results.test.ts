import { describe, expect, it } from 'vitest';
import { cancelled, denied, failed, fromError, succeeded, timedOut, toLlmContext, validationFailed } from './result';

describe('result factories and toLlmContext', () => {
  it('formats a success with data, artifacts and suggestions', () => {
    const result = {
      ...succeeded({ kind: 'write', path: 'a.txt', bytesWritten: 5, created: true }, 'Wrote 5 bytes to a.txt', [
        { type: 'file' as const, change: 'created' as const, path: 'a.txt', size: 5 },
      ]),
      suggestedFollowUps: ['Read a.txt'],
    };
    expect(toLlmContext(result)).toBe(
      [
        'Result: Success',
        'Message: Wrote 5 bytes to a.txt',
        'Data: {"kind":"write","path":"a.txt","bytesWritten":5,"created":true}',
        'Artifacts:',
        '  - file: a.txt',
        'Suggested next steps:',
        '  - Read a.txt',
        '',
      ].join('\n'),
    );
  });

  it('formats a failure with its code and validation errors', () => {
    const text = toLlmContext(
      validationFailed({
        valid: false,
        errors: [{ parameter: 'path', code: 'required', message: "Missing required parameter 'path'" }],
        warnings: [],
      }),
    );
    expect(text).toBe(['Result: Failed', "Error: Missing required parameter 'path'", ''].join('\n'));
    expect(toLlmContext(failed('File not found: a.txt', 'path_not_found'))).toBe(
      'Result: Failed\nError: File not found: a.txt\n',
    );
    const partial = failed('Command exited with code 1', 'execution_failed', {
      kind: 'command_output',
      command: 'make',
      workingDirectory: '.',
      stdout: '',
      stderr: 'no rule',
      exitCode: 1,
    });
    expect(toLlmContext(partial)).toContain('Data: {"kind":"command_output"');
  });

  it('truncates large data and says how long it was', () => {
    const content = 'x'.repeat(1000);
    const result = succeeded(
      { kind: 'file_content', path: 'big.txt', content, encoding: 'utf-8', startLine: 1, endLine: 1, totalLines: 1 },
      'Read',
    );
    const fullLength = JSON.stringify(result.data).length;
    const text = toLlmContext(result, 200);
    const dataLine = text.split('\n').find((line) => line.startsWith('Data: '))!;
    expect(dataLine.length - 'Data: '.length).toBeLessThanOrEqual(200);
    expect(dataLine).toContain(`... [truncated, total ${fullLength} chars]`);
    expect(toLlmContext(result)).not.toContain('truncated');
  });

  it('builds the other result kinds', () => {
    expect(cancelled().errorCode).toBe('cancelled');
    expect(denied('no').message).toBe('no');
    expect(timedOut(1500).error).toBe('Operation timed out after 1.5s');
    expect(fromError('plain').error).toBe('Tool execution failed: plain');
    expect(fromError({ weird: true }).error).toBe('Tool execution failed: Unknown error');
  });
});
