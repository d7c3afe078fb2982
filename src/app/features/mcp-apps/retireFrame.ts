/**
 * An app's frame is removed only after its app is told (`ui/resource-teardown`) and has answered, or after
 * TEARDOWN_LIMIT_MS. Whatever removes the view (another call, leaving the page), the frame first moves, still
 * running, into a hidden holder outside the page's tree: `Element.moveBefore` keeps a moved frame's document where a
 * plain move reloads it. A browser without it cannot keep the frame once its view is gone, so its app is told while
 * the view is still there: another call's view keeps the old one hidden until its app has answered (McpAppSlot), and
 * a change of page waits for it (leaveHolds.ts).
 */

/** How long an app has to answer the teardown request before its frame is removed anyway. */
export const TEARDOWN_LIMIT_MS = 500;

const HOLDER_ID = 'mcp-app-retiring';

type Movable = HTMLElement & { moveBefore?: (node: Node, child: Node | null) => void };

function holder(document: Document): Movable {
  const found = document.getElementById(HOLDER_ID);
  if (found) return found;
  const made = document.createElement('div');
  made.id = HOLDER_ID;
  made.setAttribute('aria-hidden', 'true');
  made.className = 'mcp-app-retiring';
  document.body.append(made);
  return made;
}

export interface Retiring {
  /** Asks the app to tear down; settles when it answers, fails, or the limit passes. */
  teardown(limitMs: number): Promise<unknown>;
  /** Closes the bridge. */
  close(): Promise<void>;
}

/** Whether this browser moves a frame within the page without reloading it (`Element.moveBefore`). */
export const framesMoveRunning = (document: Document): boolean =>
  typeof (document.body as Movable | null)?.moveBefore === 'function';

export interface Retirement {
  /** Tells the app it closes, once; settles when it answers, fails, or the limit passes. */
  tell(): Promise<void>;
  /** Moves the frame out of the page's tree (state kept where the browser can), tells its app, then removes it. */
  retire(): Promise<void>;
}

export function createRetirement(frame: HTMLIFrameElement, host: Retiring, limitMs = TEARDOWN_LIMIT_MS): Retirement {
  let told: Promise<void> | undefined;
  const tell = () =>
    (told ??= (async () => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const limit = new Promise<void>((resolve) => (timer = setTimeout(resolve, limitMs)));
      try {
        await Promise.race([host.teardown(limitMs).catch(() => undefined), limit]);
      } finally {
        clearTimeout(timer);
      }
    })());
  return {
    tell,
    async retire() {
      const target = frame.isConnected ? holder(frame.ownerDocument) : null;
      if (target?.moveBefore) target.moveBefore(frame, null);
      else frame.hidden = true;
      try {
        await tell();
      } finally {
        await host.close().catch(() => undefined);
        frame.remove();
      }
    },
  };
}
