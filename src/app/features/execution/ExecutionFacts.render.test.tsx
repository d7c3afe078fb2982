// @vitest-environment jsdom
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import type { ToolResult } from '../../../core/runtime/types';
import { mountRootPerTest } from '../../lib/mountedRoot.test-support';
import { ExecutionFacts } from './ExecutionFacts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const resultQueued = (queuedMs: number): ToolResult =>
  ({
    success: true,
    message: 'done',
    execution: {
      executionId: 'e1',
      sessionId: 's1',
      toolName: 'read_file',
      status: 'completed',
      approved: false,
      approvalRequired: false,
      queuedMs,
      startedAt: 0,
      completedAt: 1,
    },
  }) as ToolResult;

describe('the execution facts', () => {
  const mounted = mountRootPerTest();

  it('name a wait for a free slot, and not a wait too short to read as one', async () => {
    const { root, container } = mounted;
    await act(async () => root.render(<ExecutionFacts result={resultQueued(12)} />));
    expect(container.querySelector('[data-testid="execution-record"]')).not.toBeNull();
    expect(container.querySelector('[data-testid="execution-queued-time"]')).toBeNull();
    await act(async () => root.render(<ExecutionFacts result={resultQueued(1_540)} />));
    expect(container.querySelector('[data-testid="execution-queued-time"]')?.textContent).toBe(
      '1.5 s waiting for a free slot',
    );
  });
});
