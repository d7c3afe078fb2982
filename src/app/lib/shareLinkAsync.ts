/** A share link's arguments encoded and decoded by the browser's own (De)CompressionStream, off fflate. */
import { shareLinkCodec } from './shareLinkCodec';
import {
  bytesToBase64Url,
  DAMAGED,
  linkParts,
  linkPayload,
  linkText,
  MAX_SHARED_ARGUMENTS_BYTES,
  tooLargeMessage,
  type DecodeResult,
} from './shareLinkFormat';

/**
 * What `encodeArgumentsText` gives, compressed by the browser (CompressionStream 'deflate-raw') instead of fflate,
 * which is 5.4 KB gzip: the compressed bytes may differ, and any decoder reads both. Falls back to fflate where the
 * browser cannot compress raw DEFLATE.
 */
export async function encodeArgumentsTextAsync(text: string): Promise<string> {
  const { prefix, bytes } = linkPayload(text);
  try {
    const compressed = new Blob([bytes as BlobPart]).stream().pipeThrough(new CompressionStream('deflate-raw'));
    return prefix + bytesToBase64Url(new Uint8Array(await new Response(compressed).arrayBuffer()));
  } catch {
    return (await shareLinkCodec()).encodeArgumentsText(text);
  }
}

/**
 * Compressed bytes handed to the browser's inflater at a time. Chromium's DecompressionStream inflates each piece it is
 * written whole, in one task, before its reader sees any output: the 64 KB of a link unpacking to 64 MB, written at
 * once, held the page 300-650 ms in native code. DEFLATE expands a byte to at most 1,032, so a piece of this size
 * gives at most about a megabyte per task, and the cap is checked between pieces.
 */
const PIECE_BYTES = 1024;

/**
 * The arguments a link carries, inflated as a stream by the browser (DecompressionStream 'deflate-raw'): the
 * compressed bytes go in PIECE_BYTES at a time, each a short task, and reading stops, with both ends of the stream
 * cancelled, as soon as the output passes `limit`. Where the browser has no such stream, fflate inflates it at once,
 * up to the same cap.
 */
export async function decodeArgumentsTextAsync(
  encoded: string,
  limit = MAX_SHARED_ARGUMENTS_BYTES,
): Promise<DecodeResult> {
  const parts = linkParts(encoded);
  if (!parts.ok) return parts;
  if (typeof DecompressionStream === 'undefined') return (await shareLinkCodec()).decodeArgumentsText(encoded);
  const inflater = new DecompressionStream('deflate-raw');
  const writer = inflater.writable.getWriter();
  const reader = inflater.readable.getReader();
  let stopped = false;
  // Written as the reader takes the output: the stream's backpressure holds the next piece until then.
  void (async () => {
    for (let at = 0; at < parts.bytes.length && !stopped; at += PIECE_BYTES) {
      await writer.ready;
      if (stopped) return;
      void writer.write(parts.bytes.slice(at, at + PIECE_BYTES) as Uint8Array<ArrayBuffer>).catch(() => undefined);
    }
    if (!stopped) await writer.close();
  })().catch(() => undefined);
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.length;
      if (total > limit) {
        stopped = true;
        void reader.cancel().catch(() => undefined);
        void writer.abort().catch(() => undefined);
        return { ok: false, error: tooLargeMessage(limit) };
      }
      chunks.push(value);
    }
  } catch {
    stopped = true;
    return { ok: false, error: DAMAGED };
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return linkText(parts.prefix, bytes);
}
