import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestBench } from '../../support/context.test-support';
import { dataOf } from '../bench.test-support';
import { tool as addComment } from './add_comment';
import { tool as getTicket } from './get_ticket';
import { tool as getHistory } from './get_ticket_history';
import { jiraTools } from './index';
import { JIRA_STATUSES, seedTracker, TRANSITIONS, type Tracker } from './tracker';
import { tool as transition } from './transition_ticket';

/** Where the tools keep the tracker: inside the workspace's .git, so it is never listed or written as a file of the project. */
const TRACKER_PATH = '/workspace/.git/prfactory/tracker.json';

afterEach(() => {
  vi.restoreAllMocks();
});

const at = (iso: string): void => {
  vi.spyOn(Date, 'now').mockReturnValue(Date.parse(iso));
};

type History = { At: string; Author: string; Field: string; From: string | null; To: string | null }[];

describe('GetJiraTicket', () => {
  it("answers with the seed tool's fields, indented JSON", async () => {
    const bench = await createTestBench();
    const outcome = await bench.run(getTicket, { ticketKey: 'PROJ-102' });
    expect(outcome).toMatchObject({ success: true });
    const data = dataOf(outcome, 'output');
    expect(data.language).toBe('json');
    const ticket = JSON.parse(data.text) as Record<string, unknown>;
    expect(Object.keys(ticket)).toEqual([
      'Key',
      'Summary',
      'Description',
      'Status',
      'Assignee',
      'Priority',
      'CreatedAt',
      'UpdatedAt',
    ]);
    expect(data.text).toBe(JSON.stringify(ticket, null, 2));
    expect(ticket).toMatchObject({
      Key: 'PROJ-102',
      Status: 'In Progress',
      Assignee: 'PRFactory Agent',
      CreatedAt: '2024-03-20T14:30:00Z',
    });
    expect(data.facts).toEqual(
      expect.arrayContaining([
        { label: 'Ticket', value: 'PROJ-102' },
        { label: 'Status', value: 'In Progress' },
      ]),
    );
  });

  it('says an unknown ticket is not found, matching keys exactly, and lists the known ones', async () => {
    const bench = await createTestBench();
    const outcome = await bench.run(getTicket, { ticketKey: 'PROJ-999' });
    expect(outcome).toMatchObject({
      success: false,
      errorCode: 'ticket_not_found',
      error: "Jira ticket 'PROJ-999' not found",
    });
    expect(outcome.suggestedFollowUps?.[0]).toBe(
      `Known tickets: ${seedTracker()
        .tickets.map((ticket) => ticket.key)
        .join(', ')}`,
    );
    expect(await bench.run(getTicket, { ticketKey: 'proj-101' })).toMatchObject({ errorCode: 'ticket_not_found' });
  });
});

describe('AddJiraComment', () => {
  it('adds a numbered comment by the agent and updates the ticket', async () => {
    const bench = await createTestBench();
    at('2024-04-03T12:00:00Z');
    const outcome = await bench.run(addComment, {
      ticketKey: 'PROJ-101',
      comment: 'Checking both fields before submit.',
    });
    expect(outcome).toMatchObject({
      success: true,
      message: `Added comment #${seedTracker().nextCommentId} to PROJ-101`,
    });
    expect(dataOf(outcome, 'output').facts).toContainEqual({ label: 'Comments', value: '2' });
    const second = await bench.run(addComment, { ticketKey: 'PROJ-104', comment: 'Thanks!' });
    expect(second.message).toBe(`Added comment #${seedTracker().nextCommentId + 1} to PROJ-104`);
    const ticket = JSON.parse(dataOf(await bench.run(getTicket, { ticketKey: 'PROJ-101' }), 'output').text) as {
      UpdatedAt: string;
    };
    expect(ticket.UpdatedAt).toBe('2024-04-03T12:00:00.000Z');
  });

  it('refuses a blank comment and an unknown ticket before approval, writing nothing', async () => {
    const bench = await createTestBench();
    expect(await addComment.precheck!({ ticketKey: 'PROJ-101', comment: '   ' }, bench.context())).toMatchObject({
      errorCode: 'validation_failed',
    });
    expect(await addComment.precheck!({ ticketKey: 'PROJ-404', comment: 'hi' }, bench.context())).toMatchObject({
      errorCode: 'ticket_not_found',
    });
    expect(await addComment.precheck!({ ticketKey: 'PROJ-101', comment: 'hi' }, bench.context())).toBeNull();
    expect(await bench.run(addComment, { ticketKey: 'PROJ-404', comment: 'hi' })).toMatchObject({
      errorCode: 'ticket_not_found',
    });
    expect(await bench.workspace.fs.exists(TRACKER_PATH)).toBe(false);
  });
});

describe('TransitionJiraTicket', () => {
  it("allows exactly the workflow's moves and names the allowed targets when refusing", async () => {
    for (const from of JIRA_STATUSES) {
      for (const to of JIRA_STATUSES) {
        const bench = await createTestBench();
        // PROJ-101 starts in To Do; walk it to `from` along allowed moves.
        const path = {
          'To Do': [],
          'In Progress': ['In Progress'],
          'In Review': ['In Progress', 'In Review'],
          Done: ['In Progress', 'In Review', 'Done'],
        }[from];
        for (const step of path)
          expect((await bench.run(transition, { ticketKey: 'PROJ-101', status: step })).success).toBe(true);
        const outcome = await bench.run(transition, { ticketKey: 'PROJ-101', status: to });
        const allowed = TRANSITIONS[from];
        if (allowed.includes(to)) {
          expect(outcome).toMatchObject({ success: true, message: `Moved PROJ-101 from ${from} to ${to}` });
        } else {
          expect(outcome).toMatchObject({ success: false, errorCode: 'invalid_transition' });
          expect(outcome.error).toContain(
            from === to ? `PROJ-101 is already ${to}` : `cannot move from ${from} to ${to}`,
          );
          expect(outcome.error).toContain(`it can move to ${allowed.join(' or ')}`);
        }
      }
    }
  });

  it('refuses with the exact messages', async () => {
    const bench = await createTestBench();
    expect((await bench.run(transition, { ticketKey: 'PROJ-101', status: 'Done' })).error).toBe(
      "Parameter 'status': PROJ-101 cannot move from To Do to Done; from To Do it can move to In Progress",
    );
    expect((await bench.run(transition, { ticketKey: 'PROJ-102', status: 'In Progress' })).error).toBe(
      "Parameter 'status': PROJ-102 is already In Progress; from In Progress it can move to In Review or To Do",
    );
    expect(await bench.run(transition, { ticketKey: 'PROJ-102', status: 'Blocked' })).toMatchObject({
      errorCode: 'validation_failed',
    });
    expect(await bench.run(transition, { ticketKey: 'PROJ-777', status: 'Done' })).toMatchObject({
      errorCode: 'ticket_not_found',
    });
  });

  it('refuses a move the workflow forbids before approval', async () => {
    const bench = await createTestBench();
    expect(await transition.precheck!({ ticketKey: 'PROJ-104', status: 'In Progress' }, bench.context())).toMatchObject(
      { errorCode: 'invalid_transition' },
    );
    expect(await transition.precheck!({ ticketKey: 'PROJ-104', status: 'To Do' }, bench.context())).toBeNull();
    expect(await bench.workspace.fs.exists(TRACKER_PATH)).toBe(false);
  });

  it('records the move in the history and stores its comment in the same write', async () => {
    const bench = await createTestBench();
    at('2024-04-05T08:00:00Z');
    const outcome = await bench.run(transition, {
      ticketKey: 'PROJ-102',
      status: 'In Review',
      comment: 'Pull request opened.',
    });
    const id = seedTracker().nextCommentId;
    expect(outcome).toMatchObject({
      success: true,
      message: `Moved PROJ-102 from In Progress to In Review with comment #${id}`,
    });
    expect(dataOf(outcome, 'output').facts).toEqual([
      { label: 'Ticket', value: 'PROJ-102' },
      { label: 'From', value: 'In Progress' },
      { label: 'Status', value: 'In Review' },
      { label: 'Comment', value: `#${id}` },
    ]);
    const ticket = (JSON.parse(await bench.workspace.fs.readFile(TRACKER_PATH)) as Tracker).tickets.find(
      (candidate) => candidate.key === 'PROJ-102',
    )!;
    expect(ticket).toMatchObject({ status: 'In Review', updatedAt: '2024-04-05T08:00:00.000Z' });
    expect(ticket.comments.at(-1)).toEqual({
      id,
      author: 'PRFactory Agent',
      body: 'Pull request opened.',
      createdAt: '2024-04-05T08:00:00.000Z',
    });
    expect(ticket.history.at(-1)).toEqual({
      at: '2024-04-05T08:00:00.000Z',
      author: 'PRFactory Agent',
      field: 'status',
      from: 'In Progress',
      to: 'In Review',
    });
  });

  it('adds no comment when the move is refused, and refuses a blank comment', async () => {
    const bench = await createTestBench();
    expect((await bench.run(transition, { ticketKey: 'PROJ-101', status: 'Done', comment: 'Done!' })).success).toBe(
      false,
    );
    expect(
      (await bench.run(transition, { ticketKey: 'PROJ-101', status: 'In Progress', comment: '  ' })).errorCode,
    ).toBe('validation_failed');
    expect(await bench.workspace.fs.exists(TRACKER_PATH)).toBe(false);
    expect(dataOf(await bench.run(getTicket, { ticketKey: 'PROJ-101' }), 'output').facts).toEqual(
      expect.arrayContaining([
        { label: 'Status', value: 'To Do' },
        { label: 'Comments', value: '1' },
      ]),
    );
  });
});

describe('GetJiraTicketHistory', () => {
  it("lists changes newest first, the seed's and the agent's", async () => {
    const bench = await createTestBench();
    at('2024-04-06T09:00:00Z');
    await bench.run(transition, { ticketKey: 'PROJ-103', status: 'In Progress', comment: 'Changes requested.' });
    at('2024-04-06T11:00:00Z');
    await bench.run(transition, { ticketKey: 'PROJ-103', status: 'In Review' });
    const outcome = await bench.run(getHistory, { ticketKey: 'PROJ-103' });
    const history = JSON.parse(dataOf(outcome, 'output').text) as History;
    expect(history.map((change) => `${change.From ?? '-'}>${change.To}`)).toEqual([
      'In Progress>In Review',
      'In Review>In Progress',
      'In Progress>In Review',
      'To Do>In Progress',
      '->To Do',
    ]);
    expect(history[0]).toEqual({
      At: '2024-04-06T11:00:00.000Z',
      Author: 'PRFactory Agent',
      Field: 'status',
      From: 'In Progress',
      To: 'In Review',
    });
    expect(outcome.message).toBe('5 changes to PROJ-103');
  });

  it('keeps changes made in the same instant newest first', async () => {
    const bench = await createTestBench();
    at('2024-04-07T00:00:00Z');
    for (const status of ['In Progress', 'In Review', 'Done'])
      await bench.run(transition, { ticketKey: 'PROJ-101', status });
    const history = JSON.parse(
      dataOf(await bench.run(getHistory, { ticketKey: 'PROJ-101', maxResults: 3 }), 'output').text,
    ) as History;
    expect(history.map((change) => change.To)).toEqual(['Done', 'In Review', 'In Progress']);
  });

  it('returns at most maxResults changes, 50 by default', async () => {
    const bench = await createTestBench();
    let time = Date.parse('2024-05-01T00:00:00Z');
    for (let move = 0; move < 60; move += 1) {
      time += 60_000;
      vi.spyOn(Date, 'now').mockReturnValue(time);
      expect(
        (await bench.run(transition, { ticketKey: 'PROJ-105', status: move % 2 === 0 ? 'In Progress' : 'To Do' }))
          .success,
      ).toBe(true);
    }
    const all = await bench.run(getHistory, { ticketKey: 'PROJ-105' });
    const history = JSON.parse(dataOf(all, 'output').text) as History;
    expect(history).toHaveLength(50);
    expect(history[0]!.At).toBe(new Date(time).toISOString());
    expect(dataOf(all, 'output').facts).toContainEqual({ label: 'Changes', value: '50 of 61' });
    expect(all.message).toBe('61 changes to PROJ-105; the newest 50 are shown');
    const two = JSON.parse(
      dataOf(await bench.run(getHistory, { ticketKey: 'PROJ-105', maxResults: 2 }), 'output').text,
    ) as History;
    expect(two.map((change) => change.At)).toEqual([
      new Date(time).toISOString(),
      new Date(time - 60_000).toISOString(),
    ]);
  });
});

describe('the Jira tools', () => {
  it('are the four, each with a one-line summary', () => {
    expect(jiraTools.map((tool) => tool.name)).toEqual([
      'GetJiraTicket',
      'AddJiraComment',
      'TransitionJiraTicket',
      'GetJiraTicketHistory',
    ]);
    expect(getTicket.summarize({ ticketKey: 'PROJ-101' })).toBe('Get Jira ticket PROJ-101');
    expect(addComment.summarize({ ticketKey: 'PROJ-101', comment: 'Looks good\nto me' })).toBe(
      "Comment on PROJ-101: 'Looks good ⏎ to me'",
    );
    expect(transition.summarize({ ticketKey: 'PROJ-101', status: 'In Review' })).toBe('Move PROJ-101 to In Review');
    expect(transition.summarize({ ticketKey: 'PROJ-101', status: 'Done', comment: 'Merged.' })).toBe(
      'Move PROJ-101 to Done with a comment',
    );
    expect(getHistory.summarize({ ticketKey: 'PROJ-101' })).toBe('Get the history of PROJ-101');
  });
});
