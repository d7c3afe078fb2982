/**
 * Task status notifications of the tasks extension: a `subscriptions/listen` asking for a task's id, and the
 * `notifications/tasks` the server then pushes, each the full task as `tasks/get` would answer. A server that does
 * not acknowledge the id (or refuses the listen, or a 2025-era session) offers no feed, and the task is polled.
 */
import type { Client, McpSubscription, StandardSchemaV1, SubscriptionFilter } from '@modelcontextprotocol/client';

/** Reports the server pushes for one task, in the order they came. */
export interface TaskFeed {
  /**
   * The next report pushed (unchecked: the runner checks it as it checks a poll's answer), or undefined once
   * `within` ms pass, the signal aborts or the stream ends.
   */
  next(within: number, signal: AbortSignal | undefined): Promise<unknown>;
  /** Whether the stream still delivers; once it ended, the task is polled again. */
  readonly open: boolean;
  close(): Promise<void>;
}

/** Opens a feed for a task id; undefined when the server offers none. */
export type OpenTaskFeed = (taskId: string) => Promise<TaskFeed | undefined>;

const anyParams: StandardSchemaV1<unknown, Record<string, unknown>> = {
  '~standard': {
    version: 1,
    vendor: 'tool-schema-playground',
    validate: (value) => ({ value: (value ?? {}) as Record<string, unknown> }),
  },
};

class Feed implements TaskFeed {
  private readonly queue: unknown[] = [];
  private wake: (() => void) | undefined;
  open = true;
  subscription: McpSubscription | undefined;

  constructor(private readonly forget: () => void) {}

  push(report: unknown): void {
    this.queue.push(report);
    this.wake?.();
  }

  end(): void {
    this.open = false;
    this.forget();
    this.wake?.();
  }

  async next(within: number, signal: AbortSignal | undefined): Promise<unknown> {
    if (this.queue.length === 0 && this.open && !signal?.aborted)
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', done);
          this.wake = undefined;
          resolve();
        };
        const timer = setTimeout(done, within);
        signal?.addEventListener('abort', done, { once: true });
        this.wake = done;
      });
    return this.queue.shift();
  }

  async close(): Promise<void> {
    this.end();
    await this.subscription?.close();
  }
}

/**
 * The feeds of one connection: `notifications/tasks` is heard once, and handed to the feed of its task id.
 * `honored` reads which task ids the server acknowledged (the transport keeps them, log.ts).
 */
export function taskFeeds(client: Client, honored: ReadonlySet<string>, timeoutMs: number): OpenTaskFeed {
  const feeds = new Map<string, Feed>();
  client.setNotificationHandler('notifications/tasks', { params: anyParams }, (params) => {
    const taskId = params.taskId;
    if (typeof taskId === 'string') feeds.get(taskId)?.push(params);
  });
  return async (taskId) => {
    const feed = new Feed(() => feeds.delete(taskId));
    feeds.set(taskId, feed);
    try {
      // `taskIds` is the extension's field of the filter, which the SDK sends as given.
      const filter = { taskIds: [taskId] } as SubscriptionFilter;
      feed.subscription = await client.listen(filter, { timeout: timeoutMs });
    } catch {
      // A server that refuses the listen (or no 2026-07-28 session) offers no feed: the task is polled.
      feed.end();
      return undefined;
    }
    if (!honored.has(taskId)) {
      await feed.close();
      return undefined;
    }
    void feed.subscription.closed.then(() => feed.end());
    return feed;
  };
}
