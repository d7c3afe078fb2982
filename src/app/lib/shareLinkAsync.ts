/** A share link's arguments encoded and decoded by the browser's own (De)CompressionStream, off fflate. */
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
    return (await import('./shareLink')).encodeArgumentsText(text);
  }
}

/**
 * The arguments a link carries, inflated as a stream by the browser (DecompressionStream 'deflate-raw'): the output
 * arrives in pieces, each a short task, and reading stops, and the stream is cancelled, as soon as it passes
 * `limit`. Where the browser has no such stream, fflate inflates it at once, up to the same cap.
 */
export async function decodeArgumentsTextAsync(
  encoded: string,
  limit = MAX_SHARED_ARGUMENTS_BYTES,
): Promise<DecodeResult> {
  const parts = linkParts(encoded);
  if (!parts.ok) return parts;
  if (typeof DecompressionStream === 'undefined') return (await import('./shareLink')).decodeArgumentsText(encoded);
  const reader = new Blob([parts.bytes as BlobPart])
    .stream()
    .pipeThrough(new DecompressionStream('deflate-raw'))
    .getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.length;
      if (total > limit) {
        void reader.cancel().catch(() => undefined);
        return { ok: false, error: tooLargeMessage(limit) };
      }
      chunks.push(value);
    }
  } catch {
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
