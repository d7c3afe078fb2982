import { describe, expect, it } from 'vitest';
import { APP_MIME_TYPE, appDocument, appResourceUri, MAX_APP_HTML_BYTES } from './resource';

const URI = 'ui://get-time/mcp-app.html';

describe("a tool's app", () => {
  it('is named by _meta.ui.resourceUri, or the older flat key, and only as a ui:// URI', () => {
    expect(appResourceUri({ name: 'get-time', _meta: { ui: { resourceUri: URI } } })).toBe(URI);
    expect(appResourceUri({ name: 'old', _meta: { 'ui/resourceUri': URI } })).toBe(URI);
    expect(
      appResourceUri({ name: 'web', _meta: { ui: { resourceUri: 'https://example.com/app.html' } } }),
    ).toBeUndefined();
    expect(appResourceUri({ name: 'plain' })).toBeUndefined();
  });

  it('reads the document from text or base64, with the csp the resource declares', () => {
    const csp = { connectDomains: ['https://api.example.com'] };
    const text = appDocument(URI, {
      contents: [
        { uri: URI, mimeType: APP_MIME_TYPE, text: '<p>time</p>', _meta: { ui: { csp, prefersBorder: true } } },
      ],
    });
    expect(text).toEqual({ ok: true, document: { html: '<p>time</p>', csp, prefersBorder: true } });
    const blob = appDocument(URI, {
      contents: [
        { uri: URI, mimeType: 'text/html; profile=mcp-app', blob: btoa('<p>é</p>'.replace(/é/, '\u00c3\u00a9')) },
      ],
    });
    expect(blob).toEqual({ ok: true, document: { html: '<p>é</p>', csp: undefined } });
  });

  it('refuses another type, a missing body and an oversized document, saying which', () => {
    const plain = appDocument(URI, { contents: [{ uri: URI, mimeType: 'text/html', text: '<p>x</p>' }] });
    expect(plain).toEqual({
      ok: false,
      message: `resources/read ${URI}: the content's mimeType is "text/html", not ${APP_MIME_TYPE}; it is not shown as an app.`,
    });
    expect(appDocument(URI, { contents: [] })).toEqual({
      ok: false,
      message: `resources/read ${URI}: the result has no contents.`,
    });
    const huge = appDocument(URI, {
      contents: [{ uri: URI, mimeType: APP_MIME_TYPE, text: 'x'.repeat(MAX_APP_HTML_BYTES + 1) }],
    });
    expect(huge.ok).toBe(false);
    if (!huge.ok) expect(huge.message).toContain('more than the');
    const broken = appDocument(URI, { contents: [{ uri: URI, mimeType: APP_MIME_TYPE, blob: '%%%' }] });
    expect(broken.ok).toBe(false);
  });
});
