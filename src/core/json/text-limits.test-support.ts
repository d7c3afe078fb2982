/** Texts nested to any depth, made in the test (a file of them would be large for nothing). */

/** Arrays and objects in turn, `depth` levels: `[{"a":[{"a":…}]}]`. 100,000 levels are about 500 KB. */
export function deepText(depth: number): string {
  const open: string[] = [];
  const close: string[] = [];
  for (let level = 0; level < depth; level++) {
    open.push(level % 2 === 0 ? '[' : '{"a":');
    close.push(level % 2 === 0 ? ']' : '}');
  }
  return `${open.join('')}0${close.reverse().join('')}`;
}
