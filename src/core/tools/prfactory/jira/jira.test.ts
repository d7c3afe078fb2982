import { afterEach, describe, expect, it } from 'vitest';
import { createWorkspace } from '../../../workspace/workspace';
import { createTestBench } from '../../support/test-context';
import { dataOf } from '../test-support';
import { tool as addComment } from './add_comment';
import { tool as getTicket } from './get_ticket';
import { tool as getHistory } from './get_ticket_history';
import { clock } from './lookup';
import { tool as transition } from './transition_ticket';

const realNow = clock.now;
afterEach(() => {
  clock.now = realNow;
});

describe('the Jira tools', () => {
  it('seed the tracker on first use and answer GetJiraTicket with the seed fields', async () => {
    const bench = await createTestBench();
    const outcome = await bench.run(getTicket, { ticketKey: 'PROJ-102' });
    expect(outcome.success).toBe(true);
    const ticket = JSON.parse(dataOf(outcome, 'output').text) as Record<string, unknown>;
    expect(Object.keys(ticket)).toEqual(['Key', 'Summary', 'Description', 'Status', 'Assignee', 'Priority', 'CreatedAt', 'UpdatedAt']);
    expect(ticket).toMatchObject({ Key: 'PROJ-102', Status: 'In Progress' });
  });

  it('say an unknown ticket is not found and list the known keys', async () => {
    const bench = await createTestBench();
    const outcome = await bench.run(getTicket, { ticketKey: 'PROJ-999' });
    expect(outcome).toMatchObject({ success: false, errorCode: 'ticket_not_found', error: "Jira ticket 'PROJ-999' not found" });
    expect(outcome.suggestedFollowUps?.[0]).toContain('PROJ-101');
  });

  it('follow the workflow, naming the allowed moves when refusing one', async () => {
    const bench = await createTestBench();
    const refused = await bench.run(transition, { ticketKey: 'PROJ-101', status: 'Done' });
    expect(refused).toMatchObject({ success: false, errorCode: 'invalid_transition' });
    expect(refused.error).toBe("Parameter 'status': PROJ-101 cannot move from To Do to Done; from To Do it can move to In Progress");
    expect((await bench.run(transition, { ticketKey: 'PROJ-101', status: 'To Do' })).error).toContain('already To Do');
    clock.now = () => new Date('2026-11-01T12:00:00Z');
    const moved = await bench.run(transition, { ticketKey: 'PROJ-101', status: 'In Progress', comment: 'Starting on it.' });
    expect(moved).toMatchObject({ success: true, message: 'Moved PROJ-101 from To Do to In Progress with a comment' });
    const history = JSON.parse(dataOf(await bench.run(getHistory, { ticketKey: 'PROJ-101', maxResults: 1 }), 'output').text) as unknown[];
    expect(history).toEqual([{ At: '2026-11-01T12:00:00.000Z', Author: 'PRFactory Agent', Field: 'status', From: 'To Do', To: 'In Progress' }]);
  });

  it('persist comments in the workspace, surviving a snapshot and restore, out of the file listing', async () => {
    const bench = await createTestBench();
    await bench.run(addComment, { ticketKey: 'PROJ-103', comment: 'Looks good to me.' });
    const restored = await createWorkspace(await bench.workspace.snapshot());
    const again = await createTestBench();
    const outcome = await getTicket.run({ ticketKey: 'PROJ-103' }, again.context({ workspace: restored }));
    expect(dataOf(outcome, 'output').facts).toContainEqual({ label: 'Comments', value: '2' });
    expect(await bench.workspace.listFiles()).not.toContain('.git/prfactory/jira-tracker.json');
    expect(await bench.workspace.resolvePath('.git/prfactory/jira-tracker.json', { parameter: 'filePath', forWrite: true })).toMatchObject({ ok: false });
  });

  it('report a damaged tracker and leave it as it is', async () => {
    const bench = await createTestBench();
    await bench.workspace.fs.mkdir('/workspace/.git/prfactory', { recursive: true });
    await bench.workspace.fs.writeFile('/workspace/.git/prfactory/jira-tracker.json', '{ broken');
    const outcome = await bench.run(getTicket, { ticketKey: 'PROJ-101' });
    expect(outcome).toMatchObject({ success: false, errorCode: 'ExecutionFailed' });
    expect(outcome.error).toContain('not valid JSON');
    expect(await bench.workspace.fs.readFile('/workspace/.git/prfactory/jira-tracker.json')).toBe('{ broken');
  });
});
