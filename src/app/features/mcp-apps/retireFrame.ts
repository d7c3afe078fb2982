/**
 * An app's frame is removed only after its app is told (`ui/resource-teardown`) and has answered, or after
 * TEARDOWN_LIMIT_MS: whatever removes the view (another call, leaving the page, the connection closing), the frame
 * first moves, still running, into a hidden holder outside the page's tree. `Element.moveBefore` keeps a moved
 * frame's document where a plain move reloads it; a browser without it keeps the frame hidden where it is, which
 * tells an app that stays in the page (a new call's view) but not one whose view is removed at once.
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

/** Moves the frame out of the page's tree (state kept where the browser can), tells its app, then removes it. */
export async function retireFrame(
  frame: HTMLIFrameElement,
  host: Retiring,
  limitMs = TEARDOWN_LIMIT_MS,
): Promise<void> {
  const target = frame.isConnected ? holder(frame.ownerDocument) : null;
  if (target?.moveBefore) target.moveBefore(frame, null);
  else frame.hidden = true;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<void>((resolve) => (timer = setTimeout(resolve, limitMs)));
  try {
    await Promise.race([host.teardown(limitMs).catch(() => undefined), limit]);
  } finally {
    clearTimeout(timer);
    await host.close().catch(() => undefined);
    frame.remove();
  }
}
