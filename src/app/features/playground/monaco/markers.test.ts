import { describe, expect, it } from 'vitest';
import { markersFor, MARKER_SEVERITY } from './markers';

describe('markersFor', () => {
  const text = '{\n  "path": 5\n}';
  it('places a type error on the property and a missing one on the opening brace', () => {
    const markers = markersFor(text, {
      valid: false,
      errors: [
        { parameter: 'path', code: 'type_mismatch', message: 'must be a string' },
        { parameter: 'command', code: 'required', message: 'is required' },
      ],
      warnings: [{ parameter: 'path', code: 'large_value', message: 'big', severity: 1 }],
    });
    expect(markers[0]).toMatchObject({
      code: 'type_mismatch',
      severity: MARKER_SEVERITY.error,
      startLineNumber: 2,
      startColumn: 3,
      endLineNumber: 2,
      endColumn: 12,
    });
    expect(markers[1]).toMatchObject({
      code: 'required',
      startLineNumber: 1,
      startColumn: 1,
      endLineNumber: 1,
      endColumn: 2,
    });
    expect(markers[2]).toMatchObject({ severity: MARKER_SEVERITY.warning, code: 'large_value' });
  });
});
