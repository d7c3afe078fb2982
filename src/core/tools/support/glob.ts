/**
 * Glob patterns for list_directory and search_files: `*`, `**`, `?`, `[abc]`, `{a,b}`.
 * A pattern without `/` matches the file name at any depth (`*.cs`); with `/` it matches the relative path.
 *
 * Hand-written instead of picomatch, for a measured reason: picomatch compiles a glob into a
 * backtracking RegExp with lookarounds, so `*a*a*a*a*a*a*a*a*a*a*a*b` against a 5,000-character name
 * ran for over ten minutes without finishing (Node 20), and `[!ab]` is not negation there. The
 * translation here has no lookaround, so a pattern with several wildcards runs on RE2 (re2js), linear
 * in the name's length (the same case: 45 ms); a pattern with at most one wildcard, which cannot
 * backtrack badly, keeps the native engine, some 30 times faster per name.
 */
import { RE2JS } from 're2js';

function escapeRegExp(character: string): string {
  return /[\\^$.*+?()[\]{}|/]/.test(character) ? `\\${character}` : character;
}

/** Translate from `start` until `stop` (a `,` or `}` inside braces); returns the source and where it ended. */
function translate(pattern: string, start: number, insideBraces: boolean): { source: string; end: number } {
  let source = '';
  let index = start;
  while (index < pattern.length) {
    const character = pattern[index]!;
    if (insideBraces && (character === ',' || character === '}')) return { source, end: index };
    if (character === '*') {
      if (pattern[index + 1] === '*') {
        const atSegmentStart = index === 0 || pattern[index - 1] === '/';
        const followedBySlash = pattern[index + 2] === '/';
        if (atSegmentStart && followedBySlash) {
          source += '(?:.*/)?';
          index += 3;
        } else {
          source += '.*';
          index += 2;
        }
      } else {
        source += '[^/]*';
        index += 1;
      }
    } else if (character === '?') {
      source += '[^/]';
      index += 1;
    } else if (character === '[') {
      const close = pattern.indexOf(']', index + 2);
      if (close === -1) {
        source += '\\[';
        index += 1;
      } else {
        let body = pattern.slice(index + 1, close);
        const negated = body.startsWith('!') || body.startsWith('^');
        if (negated) body = body.slice(1);
        source += `[${negated ? '^' : ''}${body.replace(/[\\\]]/g, '\\$&')}]`;
        index = close + 1;
      }
    } else if (character === '{') {
      const alternatives: string[] = [];
      let cursor = index + 1;
      let closed = false;
      while (cursor <= pattern.length) {
        const part = translate(pattern, cursor, true);
        alternatives.push(part.source);
        if (part.end >= pattern.length) break;
        if (pattern[part.end] === '}') {
          closed = true;
          cursor = part.end + 1;
          break;
        }
        cursor = part.end + 1;
      }
      if (closed) {
        source += `(?:${alternatives.join('|')})`;
        index = cursor;
      } else {
        source += '\\{';
        index += 1;
      }
    } else if (character === '\\' && index + 1 < pattern.length) {
      source += escapeRegExp(pattern[index + 1]!);
      index += 2;
    } else {
      source += escapeRegExp(character);
      index += 1;
    }
  }
  return { source, end: index };
}

/** `.*` and `[^/]*` are the unbounded parts of a translated glob; two or more can backtrack polynomially. */
function unboundedParts(source: string): number {
  return (source.match(/\.\*|\[\^\/\]\*/g) ?? []).length;
}

/** A test function for a translated glob: native when it cannot backtrack badly, RE2 otherwise. */
function globTester(pattern: string): (text: string) => boolean {
  const { source } = translate(pattern, 0, false);
  if (unboundedParts(source) <= 1) {
    const expression = new RegExp(`^${source}$`);
    return (text) => expression.test(text);
  }
  const linear = RE2JS.compile(`^${source}$`);
  return (text) => linear.matcher(text).matches();
}

export interface GlobMatcher {
  /** `relativePath` uses `/`; the name is its last segment. */
  matches(relativePath: string): boolean;
}

export function createGlobMatcher(pattern: string): GlobMatcher {
  const normalized = pattern.replace(/\\(?=[/])/g, '/').replace(/^\.\//, '');
  const test = globTester(normalized);
  const matchesPath = normalized.includes('/');
  return {
    matches(relativePath: string): boolean {
      if (matchesPath) return test(relativePath);
      const slash = relativePath.lastIndexOf('/');
      return test(slash === -1 ? relativePath : relativePath.slice(slash + 1));
    },
  };
}
