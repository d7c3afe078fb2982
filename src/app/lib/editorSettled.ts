/**
 * Work a tool page puts off until its editor is drawn (the editor is ready soon after navigation). The runtime
 * worker (the workspace, its git and shell: a 2.9 MB script compiled and evaluated, then the workspace restored) took
 * some 300 ms of a core while Monaco was being parsed and evaluated: on 2 cores the page, Monaco's parse and that
 * worker shared them. It starts once the editor is drawn, or has failed, or after EDITOR_WAIT_MS at the latest; a call
 * someone makes meanwhile starts it at once.
 */
const EDITOR_WAIT_MS = 4000;

export interface EditorGate {
  /** Said by a page that draws an editor as it opens (a prerendered tool page taken over). */
  expect(wait?: (task: () => void, ms: number) => unknown): void;
  /** Said by the editor once it is drawn, or has failed to load. */
  settled(): void;
  /** Runs `task` at once, or once the editor this page expects is drawn. */
  after(task: () => void): void;
}

/** One page load's gate: made by the entry point (lib/page.ts) and handed to whoever waits on it. */
export function createEditorGate(): EditorGate {
  let expected = false;
  let waiting: (() => void)[] = [];
  const release = (): void => {
    expected = false;
    const tasks = waiting;
    waiting = [];
    for (const task of tasks) task();
  };
  return {
    expect(wait = setTimeout) {
      if (expected) return;
      expected = true;
      wait(release, EDITOR_WAIT_MS);
    },
    settled() {
      if (expected) release();
    },
    after(task) {
      if (expected) waiting.push(task);
      else task();
    },
  };
}
