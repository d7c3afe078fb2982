/**
 * Finds where a parameter path (`path`, `env.PORT`, `files[2]`) sits in JSON text, so the
 * core validator's errors can be shown as editor markers at the right place.
 */
import { splitParameterPath } from './parameterPath';

export { splitParameterPath } from './parameterPath';

interface TextRange {
  /** Offset of the first character. */
  start: number;
  /** Offset just past the last character. */
  end: number;
}

type JsonNode =
  | {
      kind: 'object';
      start: number;
      end: number;
      properties: { key: string; keyStart: number; keyEnd: number; value: JsonNode }[];
    }
  | { kind: 'array'; start: number; end: number; items: JsonNode[] }
  | { kind: 'scalar'; start: number; end: number };

class ScanError extends Error {}

/** A small offset-keeping JSON reader; it gives up (returns null) on malformed text. */
export function parseWithOffsets(text: string): JsonNode | null {
  let position = 0;
  const skipWhitespace = () => {
    while (position < text.length && /\s/.test(text[position]!)) position += 1;
  };
  const readString = (): { value: string; start: number; end: number } => {
    const start = position;
    if (text[position] !== '"') throw new ScanError('string expected');
    position += 1;
    while (position < text.length && text[position] !== '"') {
      if (text[position] === '\\') position += 1;
      position += 1;
    }
    if (position >= text.length) throw new ScanError('unterminated string');
    position += 1;
    const raw = text.slice(start, position);
    let value: string;
    try {
      value = JSON.parse(raw) as string;
    } catch {
      throw new ScanError('bad string');
    }
    return { value, start, end: position };
  };
  const readValue = (): JsonNode => {
    skipWhitespace();
    const start = position;
    const character = text[position];
    if (character === '{') {
      position += 1;
      const properties: Extract<JsonNode, { kind: 'object' }>['properties'] = [];
      skipWhitespace();
      if (text[position] === '}') {
        position += 1;
        return { kind: 'object', start, end: position, properties };
      }
      for (;;) {
        skipWhitespace();
        const key = readString();
        skipWhitespace();
        if (text[position] !== ':') throw new ScanError('colon expected');
        position += 1;
        const value = readValue();
        properties.push({ key: key.value, keyStart: key.start, keyEnd: key.end, value });
        skipWhitespace();
        if (text[position] === ',') {
          position += 1;
          continue;
        }
        if (text[position] === '}') {
          position += 1;
          return { kind: 'object', start, end: position, properties };
        }
        throw new ScanError('comma or brace expected');
      }
    }
    if (character === '[') {
      position += 1;
      const items: JsonNode[] = [];
      skipWhitespace();
      if (text[position] === ']') {
        position += 1;
        return { kind: 'array', start, end: position, items };
      }
      for (;;) {
        items.push(readValue());
        skipWhitespace();
        if (text[position] === ',') {
          position += 1;
          continue;
        }
        if (text[position] === ']') {
          position += 1;
          return { kind: 'array', start, end: position, items };
        }
        throw new ScanError('comma or bracket expected');
      }
    }
    if (character === '"') {
      const string = readString();
      return { kind: 'scalar', start: string.start, end: string.end };
    }
    const literal = /^(?:-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)/.exec(text.slice(position));
    if (!literal) throw new ScanError('value expected');
    position += literal[0].length;
    return { kind: 'scalar', start, end: position };
  };
  try {
    const root = readValue();
    skipWhitespace();
    return position === text.length ? root : null;
  } catch (error) {
    // A RangeError: nesting deeper than the stack allows (the validator refuses such text by depth anyway).
    if (error instanceof ScanError || error instanceof RangeError) return null;
    throw error;
  }
}

export interface LocatedPath {
  range: TextRange;
  /** False when the path is absent (a missing required parameter): the range is then the nearest object's opening brace. */
  found: boolean;
}

/**
 * The range of a parameter's value (property key through value) for a path; when the path does not
 * exist, the opening brace of the deepest object that does, where the missing member belongs.
 */
export function locateParameter(text: string, path: string): LocatedPath | null {
  const root = parseWithOffsets(text);
  if (!root) return null;
  const braceOf = (node: JsonNode): TextRange => ({ start: node.start, end: node.start + 1 });
  let node: JsonNode = root;
  let range: TextRange = { start: root.start, end: root.end };
  for (const segment of splitParameterPath(path)) {
    if (node.kind === 'object' && typeof segment === 'string') {
      const property: Extract<JsonNode, { kind: 'object' }>['properties'][number] | undefined = [...node.properties]
        .reverse()
        .find((candidate) => candidate.key === segment);
      if (!property) return { range: braceOf(node), found: false };
      range = { start: property.keyStart, end: property.value.end };
      node = property.value;
    } else if (node.kind === 'array' && typeof segment === 'number') {
      const item: JsonNode | undefined = node.items[segment];
      if (!item) return { range: braceOf(node), found: false };
      range = { start: item.start, end: item.end };
      node = item;
    } else {
      return { range: node.kind === 'scalar' ? range : braceOf(node), found: false };
    }
  }
  return { range, found: true };
}

/** 1-based line and column of an offset, as editors count them. */
export function offsetToLineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, Math.min(offset, text.length)));
  const lines = before.split('\n');
  return { line: lines.length, column: lines[lines.length - 1]!.length + 1 };
}
