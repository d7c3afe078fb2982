import { useEffect, useMemo, useRef, useState } from 'react';
import type { DecodeResult } from './shareLinkFormat';

/** The share link's codec module, loaded by the page when it has a link (see shareLinkCodec). */
type Codec = Pick<typeof import('./shareLink'), 'decodeArgumentsTextQuick'>;

/**
 * A share link's arguments for the page opening it. A small link is read at once, in the first render; a larger one
 * is first a pending result (the page says it is opening), then its arguments or its refusal once the browser has
 * inflated it as a stream, off the page's thread's long tasks. The result stays after the address drops the link; a
 * newer link supersedes a pending one. Each result is a new object once, so the playground applies it once.
 */
export function useSharedArguments(encoded: string | undefined, codec: Codec | null): DecodeResult | undefined {
  const quick = useMemo(
    () => (encoded && codec ? codec.decodeArgumentsTextQuick(encoded) : undefined),
    [encoded, codec],
  );
  const [late, setLate] = useState<{ link: string; result: DecodeResult } | null>(null);
  const awaited = useRef<string | null>(null);
  useEffect(() => {
    if (!encoded) return;
    if (quick?.ok !== false || !quick.pending) {
      awaited.current = null;
      return;
    }
    awaited.current = encoded;
    void import('./shareLinkAsync')
      .then(({ decodeArgumentsTextAsync }) => decodeArgumentsTextAsync(encoded))
      .then((result) => {
        if (awaited.current === encoded) setLate({ link: encoded, result });
      });
  }, [encoded, quick]);
  if (encoded) return late?.link === encoded && quick?.ok === false && quick.pending ? late.result : quick;
  return late && late.link === awaited.current ? late.result : undefined;
}
