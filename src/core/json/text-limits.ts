/**
 * Depth and size of JSON text, measured on the text itself before anything parses, walks or compiles it: one
 * iterative pass with a fixed-size stack, so a text nested 100,000 deep costs what a flat one of its length does.
 * Strings are skipped with indexOf, so the pass is a fraction of JSON.parse's time on the same text (measured on
 * 50 MB: 20-60 ms against 300-500 ms).
 */
import { escapePointerSegment } from './pointer';

export interface JsonTextLimits {
  /** Most levels of objects and arrays, the outermost counting 1. */
  maxDepth: number;
  /** Most UTF-16 code units in the whole text. */
  maxCharacters?: number;
}

/** Where a limit was passed: the rule in words, and where (1-based line and column, 0-based offset, JSON pointer). */
export interface JsonLimitProblem {
  limit: 'depth' | 'size';
  message: string;
  line: number;
  column: number;
  offset: number;
  /** The value that passed the limit (for depth, the container one level too deep); '' for the whole text. */
  pointer: string;
}

/** A container nested past the depth limit: the text from its opening bracket to its closing one (end exclusive). */
export interface DeepSpan {
  start: number;
  end: number;
  /** Where it is; worked out for the first POINTED_SPANS spans only ('' after them). */
  pointer: string;
}

/** Spans past this many are found (to be cut out) without their pointer: no message names them. */
const POINTED_SPANS = 100;

const OBJECT = 1;
const ARRAY = 2;

/** Why a container is too deep, in the words every entry point uses. */
export const depthMessage = (maxDepth: number, line: number, column: number): string =>
  `nested more than ${maxDepth.toLocaleString('en')} levels deep (at line ${line}, column ${column}); nesting is limited to ${maxDepth.toLocaleString('en')} levels`;

const sizeMessage = (length: number, maxCharacters: number): string =>
  `the text has ${length.toLocaleString('en')} characters; the limit is ${maxCharacters.toLocaleString('en')}`;

/** 1-based line and column (in UTF-16 code units) of an offset. */
export function lineAndColumnOf(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (
    let newline = text.indexOf('\n');
    newline !== -1 && newline < offset;
    newline = text.indexOf('\n', newline + 1)
  ) {
    line++;
    lineStart = newline + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

/** Index just past the closing quote of the string opening at `start`, or -1 when it never closes. */
function stringEnd(text: string, start: number): number {
  let quote = text.indexOf('"', start + 1);
  while (quote !== -1) {
    let backslashes = 0;
    for (let index = quote - 1; text.charCodeAt(index) === 92; index--) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
    quote = text.indexOf('"', quote + 1);
  }
  return -1;
}

interface Stacks {
  kinds: Uint8Array;
  indexes: Int32Array;
  keyStarts: Int32Array;
  keyEnds: Int32Array;
  expectingKey: Uint8Array;
}

/** The scan's stacks, kept between calls: every line of a transcript is scanned, and allocating them each time cost more than the scan of a short line. */
let kept: Stacks | null = null;
function stacks(maxDepth: number): Stacks {
  if (kept === null || kept.kinds.length < maxDepth + 1) {
    const size = maxDepth + 1;
    kept = {
      kinds: new Uint8Array(size),
      indexes: new Int32Array(size),
      keyStarts: new Int32Array(size),
      keyEnds: new Int32Array(size),
      expectingKey: new Uint8Array(size),
    };
  }
  return kept;
}

/**
 * Every container nested deeper than `maxDepth`, outermost ones only, at most `maxSpans` of them (more are not
 * looked for). Text that is not JSON gives what its brackets say: the parser reports its syntax afterwards.
 */
export function findDeepSpans(text: string, maxDepth: number, maxSpans = Infinity): DeepSpan[] {
  // No bracket deeper than the limit is possible in a text shorter than it: most arguments and records end here.
  if (text.length <= maxDepth) return [];
  const { kinds, indexes, keyStarts, keyEnds, expectingKey } = stacks(maxDepth);
  const spans: DeepSpan[] = [];
  const length = text.length;
  let depth = 0;
  for (let index = 0; index < length; index++) {
    const code = text.charCodeAt(index);
    if (code === 34) {
      const end = stringEnd(text, index);
      if (end === -1) break;
      if (depth > 0 && kinds[depth] === OBJECT && expectingKey[depth] === 1) {
        keyStarts[depth] = index;
        keyEnds[depth] = end;
        expectingKey[depth] = 0;
      }
      index = end - 1;
    } else if (code === 123 || code === 91) {
      if (depth === maxDepth) {
        const end = closingOf(text, index);
        spans.push({
          start: index,
          end,
          pointer: spans.length < POINTED_SPANS ? pointerOf(text, depth, kinds, indexes, keyStarts, keyEnds) : '',
        });
        if (spans.length >= maxSpans || end >= length) break;
        index = end - 1;
        continue;
      }
      depth++;
      kinds[depth] = code === 123 ? OBJECT : ARRAY;
      indexes[depth] = 0;
      keyStarts[depth] = 0;
      keyEnds[depth] = 0;
      expectingKey[depth] = 1;
    } else if (code === 125 || code === 93) {
      if (depth > 0) depth--;
    } else if (code === 44 && depth > 0) {
      if (kinds[depth] === ARRAY) indexes[depth]++;
      else expectingKey[depth] = 1;
    }
  }
  return spans;
}

/** Index just past the bracket that closes the one at `start` (the text's end when none does). */
function closingOf(text: string, start: number): number {
  let depth = 0;
  for (let index = start; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === 34) {
      const end = stringEnd(text, index);
      if (end === -1) return text.length;
      index = end - 1;
    } else if (code === 123 || code === 91) depth++;
    else if (code === 125 || code === 93) {
      depth--;
      if (depth === 0) return index + 1;
    }
  }
  return text.length;
}

function pointerOf(
  text: string,
  depth: number,
  kinds: Uint8Array,
  indexes: Int32Array,
  keyStarts: Int32Array,
  keyEnds: Int32Array,
): string {
  const segments: string[] = [];
  for (let level = 1; level <= depth; level++) {
    if (kinds[level] === ARRAY) segments.push(String(indexes[level]));
    else {
      const raw = text.slice(keyStarts[level], keyEnds[level]);
      let key: string;
      try {
        key = JSON.parse(raw) as string;
      } catch {
        key = raw.slice(1, -1);
      }
      segments.push(escapePointerSegment(key));
    }
  }
  return segments.map((segment) => `/${segment}`).join('');
}

/** The first limit a text passes, or null when it is within them all. Size is checked first: it costs nothing. */
export function checkJsonText(text: string, limits: JsonTextLimits): JsonLimitProblem | null {
  if (limits.maxCharacters !== undefined && text.length > limits.maxCharacters) {
    return {
      limit: 'size',
      message: sizeMessage(text.length, limits.maxCharacters),
      line: 1,
      column: 1,
      offset: 0,
      pointer: '',
    };
  }
  const [span] = findDeepSpans(text, limits.maxDepth, 1);
  if (span === undefined) return null;
  const { line, column } = lineAndColumnOf(text, span.start);
  return {
    limit: 'depth',
    message: depthMessage(limits.maxDepth, line, column),
    line,
    column,
    offset: span.start,
    pointer: span.pointer,
  };
}

/**
 * The text with each span replaced: by `null`, or by `empty` containers (`{}` for an object, `[]` for an array),
 * which keep the too-deep container where it was, so a validator counting depth finds it as before.
 */
export function withoutSpans(text: string, spans: readonly DeepSpan[], replacement: 'null' | 'empty' = 'null'): string {
  if (spans.length === 0) return text;
  const parts: string[] = [];
  let at = 0;
  for (const span of spans) {
    parts.push(
      text.slice(at, span.start),
      replacement === 'null' ? 'null' : text.charCodeAt(span.start) === 123 ? '{}' : '[]',
    );
    at = span.end;
  }
  parts.push(text.slice(at));
  return parts.join('');
}

/**
 * Arguments text cut down to `maxDepth` levels before it is parsed, each deeper container emptied in place: the
 * validator, which refuses a value nested past its limit wherever it is, gives the same verdict on the result,
 * and nothing deeper is ever parsed, walked or drawn. `deep` is the first container cut, when there was one.
 */
export function boundArgumentsText(text: string, maxDepth: number): { text: string; deep: DeepSpan | null } {
  const spans = findDeepSpans(text, maxDepth);
  return { text: withoutSpans(text, spans, 'empty'), deep: spans[0] ?? null };
}
