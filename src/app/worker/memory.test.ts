import { describe, expect, it } from 'vitest';
import type { ToolResult } from '../../core/runtime/types';
import { memoryRestartNote, memoryRestartReason, RUNTIME_HEAP_LIMIT_BYTES } from './memory';

const commandResult = (stderr: string, stdout = ''): ToolResult => ({
  success: false,
  errorCode: 'execution_failed',
  message: 'The command failed',
  error: 'exit 1',
  artifacts: [],
  durationMs: 10,
  data: { kind: 'command_output', command: 'python3 bomb.py', workingDirectory: '.', stdout, stderr, exitCode: 1 },
});

describe('memoryRestartReason', () => {
  it('restarts after a Python MemoryError, naming the heap it left', () => {
    const traceback = 'Traceback (most recent call last):\n  File "<string>", line 3, in <module>\nMemoryError\n';
    expect(memoryRestartReason(commandResult(traceback), 2_147_483_648)).toBe(
      "it ran out of memory, with Python's heap at 2.1 GB",
    );
    expect(memoryRestartReason(commandResult(traceback), null)).toBe('it ran out of memory');
  });

  it('restarts after a failed allocation in JavaScript', () => {
    const result: ToolResult = {
      success: false,
      errorCode: 'execution_failed',
      message: 'failed',
      error: 'RangeError: Array buffer allocation failed',
      artifacts: [],
      durationMs: 1,
    };
    expect(memoryRestartReason(result, null)).toBe('it ran out of memory');
    expect(memoryRestartReason({ ...result, error: 'InternalError: out of memory' }, null)).toBe(
      'it ran out of memory',
    );
  });

  it('restarts when a heap was left past the limit, even after a success', () => {
    const result: ToolResult = { success: true, message: 'ok', artifacts: [], durationMs: 1 };
    expect(memoryRestartReason(result, RUNTIME_HEAP_LIMIT_BYTES + 1)).toBe("Python's heap grew to 268 MB");
    expect(memoryRestartReason(result, RUNTIME_HEAP_LIMIT_BYTES)).toBeNull();
    expect(memoryRestartReason(result, 31_457_280)).toBeNull();
  });

  it('does not take data for an error: a command that prints the word is not out of memory', () => {
    expect(memoryRestartReason(commandResult('', 'MemoryError\nout of memory\n'), 31_457_280)).toBeNull();
    expect(memoryRestartReason(commandResult('ValueError: bad\n'), null)).toBeNull();
  });

  it('says what happened in one sentence', () => {
    expect(memoryRestartNote('it ran out of memory')).toBe(
      'The runtime was restarted to give its memory back (it ran out of memory); the workspace was saved first.',
    );
  });
});
