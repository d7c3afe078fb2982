/**
 * Which pairs of tools can be alike, found through indexes instead of comparing every pair: comparing every pair
 * made the toolset audit quadratic (1,000 tools took 1.2 s, 3,000 took 9.6 s, 10,000 never finished). An index
 * gives, for a tool, the later tools that share a key with it: a superset of those that pass the rule's thresholds,
 * which the rule checks with its own measures.
 */

/** A prime below 2^26: a hash times a power stays below 2^52, exact in a double. */
const MODULUS = 67_108_859;
const BASE = 131;

/**
 * Tools under shared keys, laid out key by key (each key's tools in toolset order) by a counting sort over an
 * open-addressing table of typed arrays: a Map of lists took 40 s, and sorting one Float64Array of key × count +
 * tool 2.5 s, for the 3.5 million keys of 10,000 names; this takes a few hundred milliseconds.
 */
export class PairIndex {
  /** The tools, key after key. */
  private readonly tools: Int32Array;
  /** For each place, the end of its key's run. */
  private readonly runEnds: Int32Array;
  /** Each tool's places: places[starts[tool] … starts[tool + 1]). */
  private readonly starts: Int32Array;
  private readonly places: Int32Array;

  /** `keys[i]` (a non-negative integer below 2^31) belongs to tool `owners[i]`; owners ascend. */
  constructor(count: number, keys: readonly number[], owners: readonly number[]) {
    const total = keys.length;
    let size = 1;
    while (size < total * 2) size *= 2;
    const slots = new Int32Array(size).fill(-1);
    const slotKeys = new Int32Array(size);
    const runOf = new Int32Array(total);
    const runSizes: number[] = [];
    const lastOwner: number[] = [];
    for (let at = 0; at < total; at++) {
      const key = keys[at]!;
      let slot = Math.imul(key, 0x9e3779b1) & (size - 1);
      while (slots[slot] !== -1 && slotKeys[slot] !== key) slot = (slot + 1) & (size - 1);
      if (slots[slot] === -1) {
        slots[slot] = runSizes.length;
        slotKeys[slot] = key;
        runSizes.push(0);
        lastOwner.push(-1);
      }
      const run = slots[slot]!;
      // A tool with the same key twice is in its run once.
      if (lastOwner[run] === owners[at]) {
        runOf[at] = -1;
        continue;
      }
      lastOwner[run] = owners[at]!;
      runOf[at] = run;
      runSizes[run]! += 1;
    }
    const runStarts = new Int32Array(runSizes.length + 1);
    for (let run = 0; run < runSizes.length; run++) runStarts[run + 1] = runStarts[run]! + runSizes[run]!;
    const placed = runStarts.slice(0, runSizes.length);
    const length = runStarts[runSizes.length]!;
    this.tools = new Int32Array(length);
    this.runEnds = new Int32Array(length);
    this.starts = new Int32Array(count + 1);
    const placeOf = new Int32Array(total).fill(-1);
    for (let at = 0; at < total; at++) {
      const run = runOf[at]!;
      if (run === -1) continue;
      const place = placed[run]!++;
      this.tools[place] = owners[at]!;
      this.runEnds[place] = runStarts[run + 1]!;
      placeOf[at] = place;
      this.starts[owners[at]! + 1]! += 1;
    }
    for (let tool = 0; tool < count; tool++) this.starts[tool + 1]! += this.starts[tool]!;
    const filled = this.starts.slice(0, count);
    this.places = new Int32Array(length);
    for (let at = 0; at < total; at++) if (placeOf[at] !== -1) this.places[filled[owners[at]!]!++] = placeOf[at]!;
  }

  /** The tools after `index` in each run it is in: [first place, end] pairs, pushed onto `out`. */
  later(index: number, out: number[]): void {
    for (let at = this.starts[index]!; at < this.starts[index + 1]!; at++) {
      const place = this.places[at]!;
      if (place + 1 < this.runEnds[place]!) out.push(place + 1, this.runEnds[place]!);
    }
  }

  /** The tool at a place. */
  tool(place: number): number {
    return this.tools[place]!;
  }
}

/** Pushes the hash of `text` with up to `deletions` characters left out, each way of deleting, and `tool` beside each. */
function pushDeletionHashes(
  text: string,
  deletions: number,
  tool: number,
  power: Float64Array,
  prefix: Float64Array,
  out: number[],
  owners: number[],
): void {
  const length = text.length;
  for (let index = 0; index < length; index++)
    prefix[index + 1] = (prefix[index]! * BASE + text.charCodeAt(index)) % MODULUS;
  // Hash of text[from, to), and of two hashed parts one after the other.
  const part = (from: number, to: number) =>
    (prefix[to]! - ((prefix[from]! * power[to - from]!) % MODULUS) + MODULUS) % MODULUS;
  const join = (left: number, right: number, rightLength: number) =>
    (((left * power[rightLength]!) % MODULUS) + right) % MODULUS;
  const start = out.length;
  out.push(prefix[length]!);
  if (deletions >= 1) {
    for (let first = 0; first < length; first++) {
      out.push(join(prefix[first]!, part(first + 1, length), length - first - 1));
      if (deletions < 2) continue;
      for (let second = first + 1; second < length; second++) {
        const left = join(prefix[first]!, part(first + 1, second), second - first - 1);
        out.push(join(left, part(second + 1, length), length - second - 1));
      }
    }
  }
  for (let at = start; at < out.length; at++) owners.push(tool);
}

/**
 * The tools after `index` that share a key with it in any of the indexes, each once, in toolset order: the lists
 * are merged through a heap, so a caller that stops after a few pays for those few, not for every list in full.
 */
export function* laterCandidates(index: number, ...indexes: PairIndex[]): Generator<number, void, undefined> {
  // Heap of runs, the one whose next tool comes first on top.
  const heap: { next: number; at: number; end: number; from: PairIndex }[] = [];
  const before = (left: number, right: number) => heap[left]!.next < heap[right]!.next;
  const swap = (left: number, right: number) => ([heap[left], heap[right]] = [heap[right]!, heap[left]!]);
  const up = (start: number) => {
    for (let child = start; child > 0 && before(child, (child - 1) >> 1); child = (child - 1) >> 1)
      swap(child, (child - 1) >> 1);
  };
  const down = () => {
    for (let parent = 0; ;) {
      const left = parent * 2 + 1;
      let first = parent;
      if (left < heap.length && before(left, first)) first = left;
      if (left + 1 < heap.length && before(left + 1, first)) first = left + 1;
      if (first === parent) return;
      swap(parent, first);
      parent = first;
    }
  };
  const runs: number[] = [];
  for (const from of indexes) {
    runs.length = 0;
    from.later(index, runs);
    for (let at = 0; at < runs.length; at += 2) {
      heap.push({ next: from.tool(runs[at]!), at: runs[at]!, end: runs[at + 1]!, from });
      up(heap.length - 1);
    }
  }
  let last = -1;
  while (heap.length > 0) {
    const top = heap[0]!;
    if (top.next !== last) {
      last = top.next;
      yield last;
    }
    if (top.at + 1 < top.end) {
      top.at += 1;
      top.next = top.from.tool(top.at);
    } else {
      heap[0] = heap[heap.length - 1]!;
      heap.pop();
    }
    if (heap.length > 0) down();
  }
}

/**
 * Names within `maxEdits` (at most 2) edits whose lengths allow the similarity `threshold` (1 − edits / the longer
 * length): two strings within k edits share a string left after deleting at most k characters from each, so names
 * are indexed by those deletions. A name only gets the deletions its length can pass the threshold with, which keeps
 * the index small (a 20-character name: 211 entries).
 */
export function nameIndex(names: readonly string[], maxEdits: number, threshold: number): PairIndex {
  const lowered = names.map((name) => name.toLowerCase());
  const longest = lowered.reduce((most, name) => Math.max(most, name.length), 0);
  const power = new Float64Array(longest + 1);
  power[0] = 1;
  for (let index = 1; index <= longest; index++) power[index] = (power[index - 1]! * BASE) % MODULUS;
  const prefix = new Float64Array(longest + 1);
  const keys: number[] = [];
  const owners: number[] = [];
  lowered.forEach((name, index) => {
    // Edits a pair with this name can have and still pass: the other name is at most that many characters longer.
    let deletions = 0;
    for (let edits = 1; edits <= maxEdits; edits++)
      if (1 - edits / (name.length + edits) >= threshold - 1e-9) deletions = edits;
    pushDeletionHashes(name, deletions, index, power, prefix, keys, owners);
  });
  return new PairIndex(names.length, keys, owners);
}

/**
 * Word sets whose Jaccard similarity can reach `threshold`, by prefix filtering: with the words of every set in one
 * order (rarest first), two sets that share a `threshold` share of their union share a word among the first
 * |set| − ⌈threshold·|set|⌉ + 1 of each. Sets for which `eligible` is false take no part.
 */
export function wordSetIndex(
  sets: readonly (readonly string[])[],
  threshold: number,
  eligible: (index: number) => boolean,
): PairIndex {
  const frequency = new Map<string, number>();
  const unique = sets.map((words, index) => (eligible(index) ? [...new Set(words)] : []));
  for (const words of unique) for (const word of words) frequency.set(word, (frequency.get(word) ?? 0) + 1);
  const rarestFirst = (left: string, right: string) =>
    frequency.get(left)! - frequency.get(right)! || (left < right ? -1 : left > right ? 1 : 0);
  const ids = new Map<string, number>();
  const keys: number[] = [];
  const owners: number[] = [];
  unique.forEach((words, index) => {
    words.sort(rarestFirst);
    const prefix = words.length - Math.ceil(threshold * words.length - 1e-9) + 1;
    for (let position = 0; position < Math.min(prefix, words.length); position++) {
      const word = words[position]!;
      let id = ids.get(word);
      if (id === undefined) ids.set(word, (id = ids.size));
      keys.push(id);
      owners.push(index);
    }
  });
  return new PairIndex(sets.length, keys, owners);
}
