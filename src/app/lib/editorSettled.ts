/**
 * Work a tool page puts off until its editor is drawn (so the editor is ready within 1.2 s of navigation). The runtime
 * worker (the workspace, its git and shell: a 2.9 MB script compiled and evaluated, then the workspace restored) took
 * some 300 ms of a core while Monaco was being parsed and evaluated: on 2 cores the page, Monaco's parse and that
 * worker shared them. It starts once the editor is drawn, or has failed, or after EDITOR_WAIT_MS at the latest; a call
 * someone makes meanwhile starts it at once.
 */
const EDITOR_WAIT_MS = 4000;

let expected = false;
let waiting: (() => void)[] = [];

function release(): void {
  expected = false;
  const tasks = waiting;
  waiting = [];
  for (const task of tasks) task();
}

/** Said by a page that draws an editor as it opens (a prerendered tool page taken over). */
export function expectEditor(wait: (task: () => void, ms: number) => unknown = setTimeout): void {
  if (expected) return;
  expected = true;
  wait(release, EDITOR_WAIT_MS);
}

/** Said by the editor once it is drawn, or has failed to load. */
export function editorSettled(): void {
  if (expected) release();
}

/** Runs `task` at once, or once the editor this page expects is drawn. */
export function afterEditor(task: () => void): void {
  if (expected) waiting.push(task);
  else task();
}
