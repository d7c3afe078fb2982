/**
 * A JavaScript regex cannot be interrupted once it starts matching, so a pattern that backtracks
 * exponentially would freeze the runtime. The classic cause is a repeated group that itself contains a
 * repetition — `(a+)+`, `(\w*\s?)*`, `(x{1,9})+` — which this check finds (the "star height > 1" rule).
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
