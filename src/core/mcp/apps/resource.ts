/**
 * A tool's app: the `ui://` URI its definition names (`_meta.ui.resourceUri`), and the HTML document its
 * `resources/read` returns (`text/html;profile=mcp-app`, as text or base64), with what the resource declares for
 * its frame (`_meta.ui`: csp, permissions, prefersBorder).
 */

export const APP_MIME_TYPE = 'text/html;profile=mcp-app';
/** An app's document larger than this is refused before it is decoded or framed. */
export const MAX_APP_HTML_BYTES = 5 * 1024 * 1024;

/** The `ui://` URI of a tool's app (the nested `_meta.ui.resourceUri`, or the older flat `_meta["ui/resourceUri"]`). */
export function appResourceUri(tool: unknown): string | undefined {
  const meta = (tool as { _meta?: unknown } | null)?._meta;
  if (!meta || typeof meta !== 'object') return undefined;
  const ui = (meta as { ui?: unknown }).ui;
  const nested = ui && typeof ui === 'object' ? (ui as { resourceUri?: unknown }).resourceUri : undefined;
  const uri = nested ?? (meta as Record<string, unknown>)['ui/resourceUri'];
  return typeof uri === 'string' && uri.startsWith('ui://') ? uri : undefined;
}

export interface AppDocument {
  html: string;
  /** The resource's `_meta.ui.csp`, as declared (narrowCsp reads it). */
  csp: unknown;
  prefersBorder?: boolean;
}

export type AppDocumentOutcome = { ok: true; document: AppDocument } | { ok: false; message: string };

const isAppType = (mimeType: unknown): boolean =>
  typeof mimeType === 'string' && mimeType.replace(/\s+/g, '').toLowerCase() === APP_MIME_TYPE;

function decodeBase64(data: string): string | null {
  try {
    const binary = atob(data.replace(/\s+/g, ''));
    return new TextDecoder('utf-8', { fatal: true }).decode(
      Uint8Array.from(binary, (character) => character.charCodeAt(0)),
    );
  } catch {
    return null;
  }
}

/** The app's document from a resources/read result, or a sentence saying what the server sent instead. */
export function appDocument(uri: string, result: unknown): AppDocumentOutcome {
  const contents = (result as { contents?: unknown } | null)?.contents;
  if (!Array.isArray(contents)) return { ok: false, message: `resources/read ${uri}: the result has no contents.` };
  const entry =
    contents.find((item) => item && typeof item === 'object' && (item as { uri?: unknown }).uri === uri) ?? contents[0];
  if (!entry || typeof entry !== 'object')
    return { ok: false, message: `resources/read ${uri}: the result has no contents.` };
  const {
    mimeType,
    text,
    blob,
    _meta: meta,
  } = entry as { mimeType?: unknown; text?: unknown; blob?: unknown; _meta?: unknown };
  if (!isAppType(mimeType))
    return {
      ok: false,
      message: `resources/read ${uri}: the content's mimeType is ${JSON.stringify(mimeType ?? null)}, not ${APP_MIME_TYPE}; it is not shown as an app.`,
    };
  // Measured before anything is decoded: characters of text (each at least a byte), or the bytes base64 data holds.
  const size =
    typeof text === 'string' ? text.length : typeof blob === 'string' ? Math.floor((blob.length * 3) / 4) : 0;
  const unit = typeof text === 'string' ? 'characters' : 'bytes';
  if (size > MAX_APP_HTML_BYTES)
    return {
      ok: false,
      message: `resources/read ${uri}: the app is ${size} ${unit}, more than the ${MAX_APP_HTML_BYTES} an app may have; it is not shown.`,
    };
  const html = typeof text === 'string' ? text : typeof blob === 'string' ? decodeBase64(blob) : null;
  if (html === null)
    return { ok: false, message: `resources/read ${uri}: the content has neither text nor base64 UTF-8 data.` };
  const ui = meta && typeof meta === 'object' ? (meta as { ui?: unknown }).ui : undefined;
  const declared = ui && typeof ui === 'object' ? (ui as { csp?: unknown; prefersBorder?: unknown }) : {};
  return {
    ok: true,
    document: {
      html,
      csp: declared.csp,
      ...(typeof declared.prefersBorder === 'boolean' ? { prefersBorder: declared.prefersBorder } : {}),
    },
  };
}
