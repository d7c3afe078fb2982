/** The deepest JSON value (objects and arrays alike, data included), iteratively: how deep a text nests. */
import { escapePointerSegment } from './pointer';

export function deepestValue(value: unknown): { pointer: string; depth: number } {
  let deepest = { pointer: '', depth: 0 };
  const stack: { value: unknown; pointer: string; depth: number }[] = [{ value, pointer: '', depth: 0 }];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    if (visit.depth > deepest.depth) deepest = { pointer: visit.pointer, depth: visit.depth };
    if (typeof visit.value !== 'object' || visit.value === null) continue;
    for (const [key, child] of Object.entries(visit.value))
      if (typeof child === 'object' && child !== null)
        stack.push({ value: child, pointer: `${visit.pointer}/${escapePointerSegment(key)}`, depth: visit.depth + 1 });
  }
  return deepest;
}
