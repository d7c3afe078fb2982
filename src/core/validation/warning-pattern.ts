/**
 * The `matches` pattern of a warning rule (security_concern, compatibility), compiled once per rule.
 *
 * Warning patterns are read the RE2 way (linear-regex.ts) with letter case ignored. Measured with
 * `npm run bench -- validation`: on execute_command's examples re2js costs some 2-4 µs a test where a
 * native RegExp takes 0.1 µs, and looking the pattern up again on every call cost another 0.3 µs. So a
 * rule keeps a native twin of its pattern and uses it when the two provably agree and the
 * backtracking analysis (regex/) bounds the native engine on that value's length:
 * - the twin is written only for plain patterns (ASCII, no lookaround, backreferences, inline flags or
 *   \u \x \p escapes), with RE2's meanings spelled out: `.` is `[^\n]`, `\s` is `[\t\n\f\r ]`;
 * - it runs only on ASCII values, where RE2's and ECMAScript's case folding and classes coincide;
 * - it runs only on values no longer than the analysis allows for its degree (maxPatternInput);
 *   anything else goes to RE2, linear on any input. The engine gives the degree (`twinDegree`): the page's knows
 *   the bundled patterns' from the build and loads the analysis with RE2.
 * warning-pattern.test.ts drives both engines with the same generated values.
 */
import type { CompileLinear, RegexEngine } from './linear-engine';
import type { LinearRegex } from './linear-regex';
import { maxPatternInput } from './regex/budget';

export interface WarningPattern {
  /** The `matches` it was compiled from: a holder compares it with the rule's to notice an edit. */
  readonly source: string;
  /**
   * True or false, or null when the value needs RE2 and `engine` has none yet (the page loads it on demand: this
   * starts loading it).
   */
  test(value: string, engine: RegexEngine): boolean | null;
}

const SPACE_CLASS = '\\t\\n\\f\\r ';
const PLAIN_ESCAPES = new Set(['d', 'D', 'w', 'W', 'b', 'B', 's', 'S', 't', 'n', 'r', 'f', 'v']);

/** The pattern as an ECMAScript source meaning what RE2 means on ASCII input, or null when that is not certain. */
export function nativeTwinSource(source: string): string | null {
  let out = '';
  let inClass = false;
  for (let index = 0; index < source.length; index++) {
    const character = source[index]!;
    if (character.charCodeAt(0) > 0x7e || character.charCodeAt(0) < 0x20) return null;
    if (character === '\\') {
      const next = source[index + 1];
      if (next === undefined) return null;
      index += 1;
      if (/[A-Za-z0-9]/.test(next)) {
        if (!PLAIN_ESCAPES.has(next)) return null;
        if (next === 's') out += inClass ? SPACE_CLASS : `[${SPACE_CLASS}]`;
        else if (next === 'S') {
          if (inClass) return null;
          out += `[^${SPACE_CLASS}]`;
        } else if (inClass && (next === 'b' || next === 'B')) return null;
        else out += `\\${next}`;
      } else out += `\\${next}`;
      continue;
    }
    if (inClass) {
      if (character === '[') return null; // a nested class or set operation: not plain
      if (character === ']') inClass = false;
      out += character;
      continue;
    }
    if (character === '[') {
      inClass = true;
      out += character;
      // `[]` and `[^]` mean different things to the two engines.
      if (source[index + 1] === '^') {
        out += '^';
        index += 1;
      }
      if (source[index + 1] === ']') return null;
      continue;
    }
    if (character === '(' && source[index + 1] === '?' && source[index + 2] !== ':') return null;
    out += character === '.' ? '[^\\n]' : character;
  }
  return inClass ? null : out;
}

// A loop, and the last value remembered by the pattern: calls test the same values again and again. Measured
// on execute_command's "dotnet build": the regex /^[\u0000-\u007f]*$/ took 40 ns a test, twice a call; this
// takes under 10 ns the first time and a comparison the second.
function isAscii(compiled: Compiled, value: string): boolean {
  if (value === compiled.lastValue) return compiled.lastAscii;
  let ascii = true;
  for (let index = 0; index < value.length; index++) {
    if (value.charCodeAt(index) > 0x7f) {
      ascii = false;
      break;
    }
  }
  compiled.lastValue = value;
  compiled.lastAscii = ascii;
  return ascii;
}

/** `maxNative` until the engine has given the twin's degree. */
const UNKNOWN = -1;

interface Compiled extends WarningPattern {
  native: RegExp | null;
  twin: string;
  /** The longest value the twin runs on; UNKNOWN (below any length) until the engine gives the degree. */
  maxNative: number;
  re2: LinearRegex | null | undefined;
  /** The engine `re2` was compiled with. */
  re2Engine: CompileLinear | null;
  /** The value isAscii judged last, and its verdict. */
  lastValue: string;
  lastAscii: boolean;
}

/** Whether the twin may run on `value`, asking the engine for its degree the first time it knows it. */
function nativeAllows(compiled: Compiled, value: string, engine: RegexEngine): boolean {
  if (compiled.maxNative === UNKNOWN) {
    const degree = engine.twinDegree(compiled.twin);
    if (degree === undefined) return false;
    if (degree === null) {
      compiled.native = null;
      return false;
    }
    compiled.maxNative = maxPatternInput(degree);
  }
  return value.length <= compiled.maxNative && isAscii(compiled, value);
}

function compileWarningPattern(source: string): Compiled {
  let native: RegExp | null = null;
  const twin = nativeTwinSource(source);
  if (twin !== null) {
    try {
      native = new RegExp(twin, 'i');
    } catch {
      native = null;
    }
  }
  const compiled: Compiled = {
    source,
    native,
    twin: twin ?? '',
    maxNative: UNKNOWN,
    re2: undefined,
    re2Engine: null,
    lastValue: '',
    lastAscii: true,
    test(value, engine) {
      const compileLinear = engine.current();
      // RE2 is the reference: a pattern it cannot run (lookaround, backreferences) never fires, on any engine.
      if (compileLinear !== null && compileLinear !== compiled.re2Engine) {
        compiled.re2 = compileLinear(source, { ignoreCase: true });
        compiled.re2Engine = compileLinear;
      }
      // What another validator's engine made of it does not count here: without an engine of its own, unchecked.
      const re2 = compileLinear === null ? undefined : compiled.re2;
      if (re2 === null) return false;
      // Short and ASCII (nearly every value): the twin, with no call in between.
      if (
        compiled.native !== null &&
        (value.length <= compiled.maxNative ? isAscii(compiled, value) : nativeAllows(compiled, value, engine))
      )
        return compiled.native.test(value);
      if (re2 === undefined) {
        void engine.load().catch(() => undefined);
        return null;
      }
      return re2.test(value);
    },
  };
  return compiled;
}

/**
 * The compiled pattern of a rule. It keeps what it learns (RE2's expression, the twin's length limit, the last value
 * judged), so the caller keeps it: a validator's warning checks (warning-checks.ts) hold one per rule, and compile
 * again when `matches` was edited in place (`source` tells).
 */
export function warningPattern(rule: { matches: string }): WarningPattern {
  return compileWarningPattern(rule.matches);
}
