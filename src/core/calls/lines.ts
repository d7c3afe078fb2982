/** Text chunks (a file read piece by piece, a pipe) into lines, holding at most one partial line. */

export async function* splitLines(chunks: AsyncIterable<string> | Iterable<string>): AsyncGenerator<string, void, undefined> {
  let rest = '';
  for await (const chunk of chunks as AsyncIterable<string>) {
    const text = rest + chunk;
    let start = 0;
    for (;;) {
      const end = text.indexOf('\n', start);
      if (end < 0) break;
      yield text.charCodeAt(end - 1) === 13 && end > start ? text.slice(start, end - 1) : text.slice(start, end);
      start = end + 1;
    }
    rest = text.slice(start);
  }
  if (rest !== '') yield rest.endsWith('\r') ? rest.slice(0, -1) : rest;
}

/** Bytes (a ReadableStream reader, a Node stream) into text chunks, UTF-8 decoded across chunk edges. */
export async function* decodeChunks(chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): AsyncGenerator<string, void, undefined> {
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of chunks as AsyncIterable<Uint8Array>) {
    const text = decoder.decode(chunk, { stream: true });
    if (text !== '') yield text;
  }
  const last = decoder.decode();
  if (last !== '') yield last;
}
