import { describe, expect, it } from 'vitest';
import { StreamCapture } from './python-stream';

const encode = (text: string) => new TextEncoder().encode(text);

describe('StreamCapture', () => {
  it('decodes a character split across two writes', () => {
    const capture = new StreamCapture();
    const bytes = encode('é!');
    expect(capture.write(bytes.subarray(0, 1))).toBe(1);
    capture.write(bytes.subarray(1));
    expect(capture.finish()).toBe('é!');
  });

  it('keeps the first mebibyte of characters and says how many more were dropped', () => {
    const capture = new StreamCapture();
    capture.write(encode('a'.repeat(1024 * 1024 - 2)));
    capture.write(encode('bcdef'));
    const text = capture.finish();
    expect(text.startsWith(`${'a'.repeat(1024 * 1024 - 2)}bc\n`)).toBe(true);
    expect(text.endsWith('[output truncated: 3 more characters]\n')).toBe(true);
  });
});
