/**
 * String length in characters (code points), for validators generated at build time: Ajv's own helper is a
 * CommonJS module whose `default` the page's bundler and Node's loader hand over differently, so generated
 * code reaches this ES module instead (compile.ts points Ajv's helper here). Same count as Ajv's.
 */
export function ucs2length(text: string): number {
  let count = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    // A high surrogate followed by a low one is one character.
    if (code >= 0xd800 && code <= 0xdbff && index + 1 < text.length && (text.charCodeAt(index + 1) & 0xfc00) === 0xdc00)
      index += 1;
    count += 1;
  }
  return count;
}
