import { describe, expect, it, vi } from 'vitest';
import type { ApprovalRequest } from './service';
import { definition, implementation, succeeding, noWorkspace, service } from './service.test-support';

describe('execution service: approval', () => {
  it('asks for approval on risky tools and honours a denial', async () => {
    const run = vi.fn(async () => ({ success: true, message: 'ran' }));
    const requests: ApprovalRequest[] = [];
    const runtime = service([definition('delete_file', 'high')], [implementation('delete_file', run)], {
      approve: async (request) => {
        requests.push(request);
        return false;
      },
    });
    const result = await runtime.execute('delete_file', { path: 'old.cs' });
    expect(result.errorCode).toBe('denied');
    expect(run).not.toHaveBeenCalled();
    expect(requests).toHaveLength(1);
    expect(requests[0]!.summary).toBe("Mock delete_file on 'old.cs'");
    expect(requests[0]!.risk).toBe('high');
    expect(requests[0]!.tool.name).toBe('delete_file');
  });

  it('runs the precheck before approval: a call that cannot succeed is never put to the person', async () => {
    const run = vi.fn(async () => ({ success: true, message: 'ran' }));
    const approve = vi.fn(async () => true);
    const precheck = vi.fn(async (args: Record<string, unknown>, _context: unknown) =>
      args['path'] === 'blocked'
        ? { success: false, errorCode: 'confirmation_required' as const, error: 'set confirm', message: 'set confirm' }
        : null,
    );
    const tool = implementation('delete_file', run, {
      precheck,
      suggestFollowUps: (_args, outcome) => (outcome.success ? [] : ['Pass confirm: true']),
    });
    const runtime = service([definition('delete_file', 'high')], [tool], { approve });
    const refused = await runtime.execute('delete_file', { path: 'blocked' });
    expect(refused).toMatchObject({
      success: false,
      errorCode: 'confirmation_required',
      error: 'set confirm',
      artifacts: [],
      suggestedFollowUps: ['Pass confirm: true'],
    });
    expect(approve).not.toHaveBeenCalled();
    expect(run).not.toHaveBeenCalled();
    expect(precheck.mock.calls[0]![1]).toMatchObject({ workspace: noWorkspace });

    const allowed = await runtime.execute('delete_file', { path: 'fine' });
    expect(allowed.success).toBe(true);
    expect(approve).toHaveBeenCalledTimes(1);
  });

  it('goes on to approval when a precheck throws or answers success', async () => {
    const approve = vi.fn(async () => true);
    const throwing = implementation('a', async () => ({ success: true, message: 'ran' }), {
      precheck: () => {
        throw new Error('bug');
      },
    });
    const succeedingCheck = implementation('b', async () => ({ success: true, message: 'ran' }), {
      precheck: () => ({ success: true, message: 'fine' }),
    });
    const runtime = service([definition('a', 'high'), definition('b', 'high')], [throwing, succeedingCheck], {
      approve,
    });
    expect((await runtime.execute('a', { path: 'x' })).success).toBe(true);
    expect((await runtime.execute('b', { path: 'x' })).success).toBe(true);
    expect(approve).toHaveBeenCalledTimes(2);
  });

  it('carries the reason for the risk in the approval request; a critical call always has one', async () => {
    const requests: ApprovalRequest[] = [];
    const approve = async (request: ApprovalRequest) => {
      requests.push(request);
      return false;
    };
    const withReason = implementation('cmd', async () => ({ success: true, message: 'ran' }), {
      effectiveRisk: () => 'critical',
      riskReason: () => 'git reset --hard discards work',
    });
    const critical = implementation('nuke', async () => ({ success: true, message: 'ran' }));
    const high = implementation('delete_file', async () => ({ success: true, message: 'ran' }));
    const runtime = service(
      [definition('cmd', 'high'), definition('nuke', 'critical'), definition('delete_file', 'high')],
      [withReason, critical, high],
      { approve },
    );
    await runtime.execute('cmd', { path: 'x' });
    await runtime.execute('nuke', { path: 'x' });
    await runtime.execute('delete_file', { path: 'x' });
    expect(requests.map((request) => [request.risk, request.reason])).toEqual([
      ['critical', 'git reset --hard discards work'],
      ['critical', 'System-level operation with broad impact'],
      ['high', undefined],
    ]);
  });

  it('is cancelled while waiting for approval', async () => {
    const run = vi.fn(async () => ({ success: true, message: 'ran' }));
    const controller = new AbortController();
    const runtime = service([definition('delete_file', 'high')], [implementation('delete_file', run)], {
      approve: () => {
        setTimeout(() => controller.abort(), 10);
        return new Promise<boolean>(() => undefined);
      },
    });
    const result = await runtime.execute('delete_file', { path: 'x' }, { signal: controller.signal });
    expect(result.errorCode).toBe('cancelled');
    expect(run).not.toHaveBeenCalled();
  });

  it('runs once approved', async () => {
    const runtime = service([definition('delete_file', 'high')], [succeeding('delete_file')], {
      approve: async () => true,
    });
    const result = await runtime.execute('delete_file', { path: 'old.cs' });
    expect(result.success).toBe(true);
  });

  it('denies risky tools when no approver is configured', async () => {
    const result = await service([definition('delete_file', 'medium')], [succeeding('delete_file')]).execute(
      'delete_file',
      { path: 'x' },
    );
    expect(result.errorCode).toBe('denied');
  });

  it('does not ask for approval on safe or low tools', async () => {
    const approve = vi.fn(async () => false);
    const runtime = service(
      [definition('read_file', 'safe'), definition('write_file', 'low')],
      [succeeding('read_file'), succeeding('write_file')],
      { approve },
    );
    expect((await runtime.execute('read_file', { path: 'a' })).success).toBe(true);
    expect((await runtime.execute('write_file', { path: 'a' })).success).toBe(true);
    expect(approve).not.toHaveBeenCalled();
  });

  it('uses the effective risk of the call', async () => {
    const approve = vi.fn(async (_request: ApprovalRequest) => true);
    const tool = {
      ...succeeding('write_file'),
      effectiveRisk: (args: Record<string, unknown>) =>
        args['path'] === 'existing' ? ('medium' as const) : ('low' as const),
    };
    const runtime = service([definition('write_file', 'low')], [tool], { approve });
    await runtime.execute('write_file', { path: 'new' });
    expect(approve).not.toHaveBeenCalled();
    await runtime.execute('write_file', { path: 'existing' });
    expect(approve).toHaveBeenCalledTimes(1);
    expect(approve.mock.calls[0]![0].risk).toBe('medium');
  });
});
