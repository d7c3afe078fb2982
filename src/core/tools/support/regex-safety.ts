/**
 * A JavaScript regex cannot be interrupted once it starts matching, so a pattern that backtracks
 * exponentially would freeze the runtime. Two causes are refused:
 * - a repeated group that itself contains a repetition — `(a+)+`, `(\w*\s?)*`, `(x{1,9})+`
 *   (`nestedQuantifier`, the "star height > 1" rule);
 * - a repeated group with a choice the next character cannot settle — alternatives that can start
 *   alike, `(x|x)*`, `(\w|\d)+`, or an optional part that can match what follows it, `(a?a?)+`
 *   (`ambiguousRepetition`). Each iteration could then take the same text in two ways, and a failing
 *   match tries every combination: 2^n for n characters. `(foo|bar)+` and `(ab?)+` stay allowed.
 */

/** Length of a repeating quantifier at `index` (`*`, `+`, `{n,}`, `{n,m}` with m > 1), or 0. */
function repeatingQuantifierLength(source: string, index: number): number {
  const character = source[index];
  if (character === '*' || character === '+') return 1;
  if (character !== '{') return 0;
  const match = /^\{(\d+)(,(\d*))?\}/.exec(source.slice(index));
  if (!match) return 0;
  const upper = match[2] === undefined ? Number(match[1]) : match[3] === '' ? Infinity : Number(match[3]);
  return upper > 1 ? match[0].length : 0;
}

/** A description of the nested repetition, or null when the pattern has none. */
export function nestedQuantifier(source: string): string | null {
  // One entry per open group: does it contain a repetition, and where did it start.
  const groups: { repeats: boolean; start: number }[] = [];
  let index = 0;
  while (index < source.length) {
    const character = source[index]!;
    if (character === '\\') {
      index += 2;
      continue;
    }
    if (character === '[') {
      // Skip a character class, honouring escapes and a leading `]`.
      index += source[index + 1] === ']' || source.startsWith('^]', index + 1) ? 3 : 1;
      while (index < source.length && source[index] !== ']') index += source[index] === '\\' ? 2 : 1;
      index += 1;
      continue;
    }
    if (character === '(') {
      groups.push({ repeats: false, start: index });
      index += 1;
      continue;
    }
    if (character === ')') {
      const group = groups.pop();
      index += 1;
      const quantifier = repeatingQuantifierLength(source, index);
      if (group && quantifier > 0) {
        if (group.repeats) return `the repeated group '${source.slice(group.start, index + quantifier)}' contains another repetition`;
        index += quantifier;
      }
      const repeats = (group?.repeats ?? false) || quantifier > 0;
      if (repeats && groups.length > 0) groups[groups.length - 1]!.repeats = true;
      continue;
    }
    const quantifier = repeatingQuantifierLength(source, index);
    if (quantifier > 0) {
      if (groups.length > 0) groups[groups.length - 1]!.repeats = true;
      index += quantifier;
      continue;
    }
    index += 1;
  }
  return null;
}

/** A parsed pattern, reduced to what decides whether a repetition is ambiguous. */
type RegexNode =
  /** One character's worth of pattern: a literal, an escape like \d, a class, `.`. */
  | { kind: 'atom'; source: string }
  /** Matches no text: anchors, \b, lookarounds (their body is kept for the nested-repetition scan). */
  | { kind: 'zero'; body?: RegexNode }
  /** A back-reference: any text, possibly none. */
  | { kind: 'unknown' }
  | { kind: 'sequence'; items: RegexNode[] }
  | { kind: 'alternation'; branches: RegexNode[] }
  | { kind: 'repeat'; body: RegexNode; min: number; max: number; source: string };

/** First characters a node can start with: atom sources, or everything. */
interface FirstSet {
  atoms: Set<string>;
  anything: boolean;
}

const MAX_NESTING = 64;

class PatternParser {
  private index = 0;
  private depth = 0;
  constructor(private readonly source: string) {}

  parse(): RegexNode {
    const node = this.alternation();
    // A stray ')' is a syntax error the RegExp constructor reports; nothing more to check here.
    return node;
  }

  private alternation(): RegexNode {
    const branches = [this.sequence()];
    while (this.source[this.index] === '|') {
      this.index += 1;
      branches.push(this.sequence());
    }
    return branches.length === 1 ? branches[0]! : { kind: 'alternation', branches };
  }

  private sequence(): RegexNode {
    const items: RegexNode[] = [];
    while (this.index < this.source.length && this.source[this.index] !== '|' && this.source[this.index] !== ')') {
      const start = this.index;
      const atom = this.atom();
      items.push(this.quantified(atom, start));
    }
    return items.length === 1 ? items[0]! : { kind: 'sequence', items };
  }

  private quantified(node: RegexNode, start: number): RegexNode {
    const rest = this.source.slice(this.index);
    let min: number;
    let max: number;
    let length: number;
    const braces = /^\{(\d+)(,(\d*))?\}/.exec(rest);
    if (rest[0] === '*') [min, max, length] = [0, Infinity, 1];
    else if (rest[0] === '+') [min, max, length] = [1, Infinity, 1];
    else if (rest[0] === '?') [min, max, length] = [0, 1, 1];
    else if (braces) {
      min = Number(braces[1]);
      max = braces[2] === undefined ? min : braces[3] === '' ? Infinity : Number(braces[3]);
      length = braces[0].length;
    } else return node;
    this.index += length;
    if (this.source[this.index] === '?') this.index += 1; // lazy: backtracks the same way when the match fails
    return { kind: 'repeat', body: node, min, max, source: this.source.slice(start, this.index) };
  }

  private atom(): RegexNode {
    const character = this.source[this.index]!;
    if (character === '(') return this.group();
    if (character === '[') {
      const start = this.index;
      this.index += this.source[this.index + 1] === '^' ? 2 : 1;
      while (this.index < this.source.length && this.source[this.index] !== ']') this.index += this.source[this.index] === '\\' ? 2 : 1;
      this.index += 1;
      return { kind: 'atom', source: this.source.slice(start, this.index) };
    }
    if (character === '\\') return this.escape();
    this.index += 1;
    if (character === '^' || character === '$') return { kind: 'zero' };
    return { kind: 'atom', source: character === '.' ? '.' : character.replace(/[{}*+?]/, '\\$&') };
  }

  private escape(): RegexNode {
    const start = this.index;
    const next = this.source[this.index + 1] ?? '';
    this.index += 2;
    if (next === 'b' || next === 'B') return { kind: 'zero' };
    if (/[1-9]/.test(next)) {
      while (/\d/.test(this.source[this.index] ?? '')) this.index += 1;
      return { kind: 'unknown' };
    }
    if (next === 'k' && this.source[this.index] === '<') {
      const close = this.source.indexOf('>', this.index);
      this.index = close === -1 ? this.source.length : close + 1;
      return { kind: 'unknown' };
    }
    if (next === 'x') this.index += 2;
    else if (next === 'u') this.index += 4;
    else if (next === 'c') this.index += 1;
    return { kind: 'atom', source: this.source.slice(start, this.index) };
  }

  private group(): RegexNode {
    this.depth += 1;
    if (this.depth > MAX_NESTING) throw new Error('nesting');
    const lookaround = /^\(\?<?[=!]/.exec(this.source.slice(this.index));
    const named = /^\(\?<[A-Za-z_$][\w$]*>/.exec(this.source.slice(this.index));
    if (lookaround) this.index += lookaround[0].length;
    else if (named) this.index += named[0].length;
    else if (this.source.startsWith('(?:', this.index)) this.index += 3;
    else this.index += 1;
    const body = this.alternation();
    if (this.source[this.index] === ')') this.index += 1;
    this.depth -= 1;
    return lookaround ? { kind: 'zero', body } : body;
  }
}

function nullable(node: RegexNode): boolean {
  switch (node.kind) {
    case 'atom':
      return false;
    case 'zero':
    case 'unknown':
      return true;
    case 'sequence':
      return node.items.every(nullable);
    case 'alternation':
      return node.branches.some(nullable);
    case 'repeat':
      return node.min === 0 || nullable(node.body);
  }
}

function firstSet(node: RegexNode): FirstSet {
  const result: FirstSet = { atoms: new Set(), anything: false };
  const add = (other: FirstSet): void => {
    for (const atom of other.atoms) result.atoms.add(atom);
    result.anything ||= other.anything;
  };
  switch (node.kind) {
    case 'atom':
      result.atoms.add(node.source);
      break;
    case 'unknown':
      result.anything = true;
      break;
    case 'zero':
      break;
    case 'sequence':
      for (const item of node.items) {
        add(firstSet(item));
        if (!nullable(item)) break;
      }
      break;
    case 'alternation':
      for (const branch of node.branches) add(firstSet(branch));
      break;
    case 'repeat':
      add(firstSet(node.body));
      break;
  }
  return result;
}

function union(first: FirstSet, second: FirstSet): FirstSet {
  return { atoms: new Set([...first.atoms, ...second.atoms]), anything: first.anything || second.anything };
}

/** Which UTF-16 code units an atom matches, computed once per atom and flags. */
const membership = new Map<string, Uint8Array>();
function matchedUnits(atom: string, flags: string): Uint8Array {
  const key = `${flags}/${atom}`;
  let units = membership.get(key);
  if (!units) {
    units = new Uint8Array(0x10000);
    let expression: RegExp | null = null;
    try {
      expression = new RegExp(`^(?:${atom})$`, flags);
    } catch {
      expression = null;
    }
    for (let unit = 0; unit < 0x10000; unit += 1) units[unit] = expression === null || expression.test(String.fromCharCode(unit)) ? 1 : 0;
    membership.set(key, units);
  }
  return units;
}

/** Two atoms (one from each set) that can match the same character, or null when the sets are disjoint. */
function overlap(first: FirstSet, second: FirstSet, flags: string): [string, string] | null {
  if (first.anything && (second.anything || second.atoms.size > 0)) return ['a back-reference', [...second.atoms][0] ?? 'a back-reference'];
  if (second.anything && first.atoms.size > 0) return [[...first.atoms][0]!, 'a back-reference'];
  for (const left of first.atoms) {
    for (const right of second.atoms) {
      if (left === right) return [left, right];
      const leftUnits = matchedUnits(left, flags);
      const rightUnits = matchedUnits(right, flags);
      for (let unit = 0; unit < 0x10000; unit += 1) if (leftUnits[unit] && rightUnits[unit]) return [left, right];
    }
  }
  return null;
}

/** The first choice inside a repeated body that the next character cannot settle; `follow` is what may come next. */
function unsettledChoice(node: RegexNode, follow: FirstSet, flags: string): string | null {
  switch (node.kind) {
    case 'atom':
    case 'zero':
    case 'unknown':
      return null;
    case 'sequence': {
      let after = follow;
      const follows: FirstSet[] = [];
      for (let index = node.items.length - 1; index >= 0; index -= 1) {
        follows[index] = after;
        const item = node.items[index]!;
        after = nullable(item) ? union(firstSet(item), after) : firstSet(item);
      }
      for (const [index, item] of node.items.entries()) {
        const found = unsettledChoice(item, follows[index]!, flags);
        if (found) return found;
      }
      return null;
    }
    case 'alternation': {
      const starts = node.branches.map((branch) => (nullable(branch) ? union(firstSet(branch), follow) : firstSet(branch)));
      for (let left = 0; left < starts.length; left += 1) {
        for (let right = left + 1; right < starts.length; right += 1) {
          const shared = overlap(starts[left]!, starts[right]!, flags);
          if (shared) return `alternatives that can start with the same character ('${shared[0]}' and '${shared[1]}')`;
        }
      }
      for (const branch of node.branches) {
        const found = unsettledChoice(branch, follow, flags);
        if (found) return found;
      }
      return null;
    }
    case 'repeat': {
      // Inside a repeated group only optional parts are left here (repetitions were refused before).
      if (node.min === 0) {
        const shared = overlap(firstSet(node.body), follow, flags);
        if (shared) return `an optional part '${node.source}' that can match the same character as what follows it ('${shared[0]}' and '${shared[1]}')`;
      }
      return unsettledChoice(node.body, follow, flags);
    }
  }
}

/** Every repetition of a group (not of a single atom) in the pattern, lookaround bodies included. */
function repeatedGroups(node: RegexNode, found: Extract<RegexNode, { kind: 'repeat' }>[] = []): Extract<RegexNode, { kind: 'repeat' }>[] {
  switch (node.kind) {
    case 'sequence':
      for (const item of node.items) repeatedGroups(item, found);
      break;
    case 'alternation':
      for (const branch of node.branches) repeatedGroups(branch, found);
      break;
    case 'zero':
      if (node.body) repeatedGroups(node.body, found);
      break;
    case 'repeat':
      if (node.max > 1 && node.body.kind !== 'atom') found.push(node);
      repeatedGroups(node.body, found);
      break;
    default:
      break;
  }
  return found;
}

/**
 * A description of a repeated group whose choices the next character cannot settle, or null.
 * `flags` as the search compiles the pattern (`i` makes `a` and `A` the same character).
 */
export function ambiguousRepetition(source: string, flags = ''): string | null {
  let tree: RegexNode;
  try {
    tree = new PatternParser(source).parse();
  } catch {
    return 'the pattern nests groups too deeply to be checked';
  }
  for (const group of repeatedGroups(tree)) {
    // Where one iteration ends the next begins, so the body's own start is what follows it.
    const problem = unsettledChoice(group.body, firstSet(group.body), flags);
    if (problem) return `the repeated group '${group.source}' has ${problem}`;
  }
  return null;
}

/** Why the pattern could backtrack for exponential time, with advice; null when it is safe to run. */
export function regexHazard(source: string, flags = ''): string | null {
  const nested = nestedQuantifier(source);
  if (nested) return `${nested}, which can backtrack for exponential time; rewrite it without nested repetition`;
  const ambiguous = ambiguousRepetition(source, flags);
  if (ambiguous) {
    return `${ambiguous}, so it can take the same text in many ways and backtrack for exponential time; make each alternative start with a different character (e.g. '(?:ab|ac)+' as '(?:a[bc])+', '(x|x)*' as 'x*')`;
  }
  return null;
}
