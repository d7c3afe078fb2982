import { afterEach, describe, expect, it, vi } from 'vitest';
import { createWorkspace } from '../../../workspace/workspace';
import { createTestBench } from '../../support/context.test-support';
import { dataOf } from '../bench.test-support';
import { tool as addComment } from './add_comment';
import { tool as getTicket } from './get_ticket';
import { isTracker, JIRA_STATUSES, loadTracker, saveTracker, seedTracker, TRANSITIONS, type Tracker } from './tracker';
import { tool as transition } from './transition_ticket';

/** Where the tools keep the tracker: inside the workspace's .git, so it is never listed or written as a file of the project. */
const TRACKER_PATH = '/workspace/.git/prfactory/tracker.json';

afterEach(() => {
  vi.restoreAllMocks();
});

const stored = async (bench: Awaited<ReturnType<typeof createTestBench>>): Promise<Tracker> =>
  JSON.parse(await bench.workspace.fs.readFile(TRACKER_PATH)) as Tracker;

describe('the tracker seed', () => {
  it('is a valid tracker whose tickets agree with their own history', () => {
    const tracker = seedTracker();
    expect(isTracker(tracker)).toBe(true);
    expect(tracker.tickets.length).toBeGreaterThanOrEqual(4);
    expect(new Set(tracker.tickets.map((ticket) => ticket.status))).toEqual(new Set(JIRA_STATUSES));
    const ids = tracker.tickets.flatMap((ticket) => ticket.comments.map((comment) => comment.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(Math.max(...ids)).toBeLessThan(tracker.nextCommentId);
    for (const ticket of tracker.tickets) {
      expect(ticket.key).toMatch(/^[A-Z][A-Z0-9_]+-[1-9][0-9]*$/);
      const moves = ticket.history.filter((change) => change.field === 'status');
      expect(moves.at(-1)?.to).toBe(ticket.status);
      // Every recorded move after creation is one the workflow allows.
      for (const move of moves.slice(1)) expect(TRANSITIONS[move.from as keyof typeof TRANSITIONS]).toContain(move.to);
    }
  });

  it('is handed out as a copy', () => {
    const first = seedTracker();
    first.tickets[0]!.summary = 'changed';
    expect(seedTracker().tickets[0]!.summary).not.toBe('changed');
  });
});

describe('the stored tracker', () => {
  it('starts from the seed in a fresh workspace, and a read does not write it', async () => {
    const bench = await createTestBench();
    const loaded = await loadTracker(bench.workspace);
    expect(loaded).toMatchObject({ ok: true, created: true });
    expect(loaded.ok && loaded.value).toEqual(seedTracker());
    expect((await bench.run(getTicket, { ticketKey: 'PROJ-101' })).success).toBe(true);
    expect(await bench.workspace.fs.exists(TRACKER_PATH)).toBe(false);
  });

  it('is written on the first change, with the whole seed and the change', async () => {
    const bench = await createTestBench();
    vi.spyOn(Date, 'now').mockReturnValue(Date.parse('2024-04-01T09:00:00Z'));
    expect(
      (await bench.run(addComment, { ticketKey: 'PROJ-105', comment: 'Nothing references it any more.' })).success,
    ).toBe(true);
    const tracker = await stored(bench);
    expect(tracker.tickets.map((ticket) => ticket.key)).toEqual(seedTracker().tickets.map((ticket) => ticket.key));
    expect(tracker.tickets.find((ticket) => ticket.key === 'PROJ-105')?.comments.at(-1)).toEqual({
      id: seedTracker().nextCommentId,
      author: 'PRFactory Agent',
      body: 'Nothing references it any more.',
      createdAt: '2024-04-01T09:00:00.000Z',
    });
    expect(tracker.nextCommentId).toBe(seedTracker().nextCommentId + 1);
    // Only the tracker is in the store directory: no temporary file left behind.
    expect(await bench.workspace.fs.readdir('/workspace/.git/prfactory')).toEqual(['tracker.json']);
  });

  it('keeps changes from one call to the next', async () => {
    const bench = await createTestBench();
    vi.spyOn(Date, 'now').mockReturnValue(Date.parse('2024-04-02T10:00:00Z'));
    await bench.run(transition, { ticketKey: 'PROJ-101', status: 'In Progress' });
    await bench.run(addComment, { ticketKey: 'PROJ-101', comment: 'Validation added.' });
    const ticket = JSON.parse(dataOf(await bench.run(getTicket, { ticketKey: 'PROJ-101' }), 'output').text) as Record<
      string,
      unknown
    >;
    expect(ticket).toMatchObject({ Status: 'In Progress', UpdatedAt: '2024-04-02T10:00:00.000Z' });
    const again = await stored(bench);
    expect(again.tickets.find((candidate) => candidate.key === 'PROJ-101')?.comments).toHaveLength(2);
  });

  it('travels with a workspace snapshot and goes back to the seed when the workspace is reset', async () => {
    const bench = await createTestBench();
    await bench.run(transition, { ticketKey: 'PROJ-103', status: 'Done', comment: 'Reviewed and merged.' });
    const snapshot = await bench.workspace.snapshot();
    expect(Object.keys(snapshot.files)).toContain('.git/prfactory/tracker.json');

    const restored = await createWorkspace(snapshot);
    const onRestored = await getTicket.run({ ticketKey: 'PROJ-103' }, bench.context({ workspace: restored }));
    expect(dataOf(onRestored, 'output').facts).toEqual(
      expect.arrayContaining([
        { label: 'Status', value: 'Done' },
        { label: 'Comments', value: '2' },
      ]),
    );

    await bench.workspace.clear();
    const afterReset = await bench.run(getTicket, { ticketKey: 'PROJ-103' });
    expect(dataOf(afterReset, 'output').facts).toContainEqual({ label: 'Status', value: 'In Review' });

    await bench.workspace.restore(snapshot);
    expect(dataOf(await bench.run(getTicket, { ticketKey: 'PROJ-103' }), 'output').facts).toContainEqual({
      label: 'Status',
      value: 'Done',
    });
  });

  it("stays out of the file listing and out of the tools' reach", async () => {
    const bench = await createTestBench({ 'README.md': '# tasks\n' });
    await bench.run(addComment, { ticketKey: 'PROJ-102', comment: 'On it.' });
    expect(await bench.workspace.fs.exists(TRACKER_PATH)).toBe(true);
    expect(await bench.workspace.listFiles()).toEqual(['README.md']);
    expect(
      await bench.workspace.resolvePath('.git/prfactory/tracker.json', { parameter: 'filePath', forWrite: true }),
    ).toMatchObject({ ok: false });
  });

  it.each([
    ['not JSON', '{ broken', 'not valid JSON'],
    ['the wrong shape', '{"tickets": [{"key": "PROJ-1", "status": "Blocked"}], "nextCommentId": 1}', 'expected shape'],
  ])('is reported and left untouched when it is %s', async (_what, content, message) => {
    const bench = await createTestBench();
    await bench.workspace.fs.mkdir('/workspace/.git/prfactory', { recursive: true });
    await bench.workspace.fs.writeFile(TRACKER_PATH, content);
    for (const [tool, args] of [
      [getTicket, { ticketKey: 'PROJ-101' }],
      [addComment, { ticketKey: 'PROJ-101', comment: 'hello' }],
      [transition, { ticketKey: 'PROJ-101', status: 'In Progress' }],
    ] as const) {
      const outcome = await bench.run(tool, args);
      expect(outcome).toMatchObject({ success: false, errorCode: 'execution_failed' });
      expect(outcome.error).toContain('tracker.json');
      expect(outcome.error).toContain(message);
      expect(outcome.error).toContain('left as it is');
    }
    expect(await bench.workspace.fs.readFile(TRACKER_PATH)).toBe(content);
  });

  it('is saved atomically: a failed write leaves the stored tracker and no temporary file', async () => {
    const bench = await createTestBench();
    await saveTracker(bench.workspace, seedTracker());
    const before = await bench.workspace.fs.readFile(TRACKER_PATH);
    vi.spyOn(bench.workspace.fs, 'mv').mockRejectedValue(new Error('disk full'));
    const outcome = await bench.run(transition, { ticketKey: 'PROJ-101', status: 'In Progress', comment: 'Starting.' });
    expect(outcome).toMatchObject({ success: false, errorCode: 'execution_failed' });
    expect(outcome.error).toContain('disk full');
    expect(outcome.error).toContain('nothing was changed');
    expect(await bench.workspace.fs.readFile(TRACKER_PATH)).toBe(before);
    expect(await bench.workspace.fs.readdir('/workspace/.git/prfactory')).toEqual(['tracker.json']);
  });
});
