/** A share link's arguments encoded without loading fflate where the browser can compress. */
import { bytesToBase64Url, linkPayload } from './shareLinkFormat';
import { shareLinkCodec } from './shareLinkCodec';

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
