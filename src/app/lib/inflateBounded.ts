/**
 * Raw DEFLATE inflated as a stream that stops at a cap. fflate's Inflate inflates all it is given in one push
 * before the callback sees any output, so the input is pushed in small pieces and the running total checked after
 * each: DEFLATE expands a byte to at most 1,032, so a piece of PIECE_BYTES cannot overshoot the cap by more than
 * about half a megabyte, whatever the link holds.
 */
import { Inflate } from 'fflate';

const PIECE_BYTES = 512;

export class InflatedTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`larger than ${limit} bytes once unpacked`);
  }
}

/** The inflated bytes, or InflatedTooLarge as soon as they pass `limit`; a damaged stream throws fflate's error. */
export function inflateBounded(bytes: Uint8Array, limit: number): Uint8Array {
  const chunks: Uint8Array[] = [];
  let total = 0;
  const inflater = new Inflate((chunk) => {
    total += chunk.length;
    if (total > limit) throw new InflatedTooLarge(limit);
    chunks.push(chunk);
  });
  for (let at = 0; at < bytes.length; at += PIECE_BYTES) {
    const end = Math.min(bytes.length, at + PIECE_BYTES);
    inflater.push(bytes.subarray(at, end), end === bytes.length);
  }
  if (bytes.length === 0) inflater.push(bytes, true);
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

export { formatBytes } from './shareLinkFormat';
