import { describe, expect, it } from 'vitest';
import { drawableIcons, iconMark, iconRefusal, MAX_ICON_URL_LENGTH, remoteIcon, shownIcon } from './icons';

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

describe('icons', () => {
  it('draws a base64 data URL of PNG, JPEG, GIF or WebP, whose mimeType agrees', () => {
    expect(iconRefusal({ src: PNG })).toBeNull();
    for (const type of ['image/jpeg', 'image/gif', 'image/webp'])
      expect(iconRefusal({ src: PNG.replace('image/png', type), mimeType: type })).toBeNull();
    expect(iconRefusal({ src: PNG, mimeType: 'image/png', sizes: ['1x1'] })).toBeNull();
    expect(shownIcon([{ src: PNG }])).toEqual({ src: PNG, mimeType: 'image/png' });
  });

  it('refuses script, SVG, remote addresses, plain-text data and a type that disagrees, each with the reason', () => {
    expect(iconRefusal({ src: 'javascript:alert(1)' })).toBe('only a base64 data: URL is drawn');
    expect(
      iconRefusal({ src: 'data:image/svg+xml;base64,PHN2Zz48c2NyaXB0PmFsZXJ0KDEpPC9zY3JpcHQ+PC9zdmc+' }),
    ).toContain('image/svg+xml is not drawn');
    expect(iconRefusal({ src: 'https://example.org/icon.png' })).toBe(
      'a remote icon is not fetched: only data: URLs are drawn',
    );
    expect(iconRefusal({ src: 'http://127.0.0.1/icon.png' })).toBe(
      'a remote icon is not fetched: only data: URLs are drawn',
    );
    expect(iconRefusal({ src: ' JavaScript:alert(1)//data:image/png;base64,AAAA' })).toBe(
      'only a base64 data: URL is drawn',
    );
    expect(iconRefusal({ src: '//example.org/icon.png' })).toBe('only a base64 data: URL is drawn');
    // Raster types beyond the four are not drawn either: a browser's decoder for them is more to trust.
    expect(iconRefusal({ src: PNG.replace('image/png', 'image/bmp') })).toContain('image/bmp is not drawn');
    expect(iconRefusal({ src: PNG.replace('image/png', 'image/x-icon') })).toContain('image/x-icon is not drawn');
    expect(iconRefusal({ src: 'data:image/png,notbase64' })).toBe('only a base64 data: URL is drawn');
    expect(iconRefusal({ src: 'data:text/html;base64,PGI+aGk8L2I+' })).toContain('text/html is not drawn');
    expect(iconRefusal({ src: PNG, mimeType: 'image/svg+xml' })).toContain('disagrees');
    expect(iconRefusal({ src: `data:image/png;base64,${'A'.repeat(MAX_ICON_URL_LENGTH)}` })).toContain('longer than');
    expect(iconRefusal('x')).toBe('an icon needs a src');
  });

  it('shows the first allowed icon, for the theme shown when there are several, and none when none is allowed', () => {
    const dark = PNG.replace('image/png', 'image/webp');
    expect(
      shownIcon([{ src: 'javascript:alert(1)' }, { src: PNG, theme: 'light' }, { src: dark, theme: 'dark' }], 'dark')
        ?.src,
    ).toBe(dark);
    expect(shownIcon([{ src: 'javascript:alert(1)' }, { src: PNG, theme: 'light' }])?.src).toBe(PNG);
    expect(shownIcon([{ src: 'javascript:alert(1)' }, { src: 'https://example.org/a.png' }])).toBeNull();
    expect(shownIcon(undefined)).toBeNull();
  });

  it('keeps of a list only the icons the rule allows, with only the fields read', () => {
    expect(
      drawableIcons([
        { src: 'https://example.org/a.png' },
        { src: ` ${PNG} `, mimeType: 'image/png', sizes: ['1x1', 2], theme: 'dark', onload: 'alert(1)' },
        { src: PNG, theme: 'sepia' },
      ]),
    ).toEqual([{ src: PNG, mimeType: 'image/png', sizes: ['1x1'], theme: 'dark' }, { src: PNG }]);
    expect(drawableIcons('not a list')).toEqual([]);
  });
});

describe('icons not drawn', () => {
  it('names the host and declared type of the first remote icon, which is not fetched', () => {
    expect(
      remoteIcon([
        { src: 'javascript:alert(1)' },
        { src: 'https://cdn.example.org:8443/a.png', mimeType: 'image/png' },
      ]),
    ).toEqual({ host: 'cdn.example.org:8443', mimeType: 'image/png' });
    expect(remoteIcon([{ src: 'http://127.0.0.1:9/icon.png' }])).toEqual({ host: '127.0.0.1:9' });
    expect(remoteIcon([{ src: PNG }, { src: 'ftp://example.org/a.png' }, { src: '//example.org/a.png' }])).toBeNull();
    expect(remoteIcon('not a list')).toBeNull();
  });

  it('marks an item that has an icon for a terminal line: data: and type, else the host, else the scheme', () => {
    expect(iconMark([{ src: 'https://example.org/a.png' }, { src: PNG }])).toBe('icon data:image/png');
    expect(iconMark([{ src: 'https://example.org/a.png', mimeType: 'image/png' }])).toBe('icon example.org image/png');
    expect(iconMark([{ src: 'https://example.org/a.png' }])).toBe('icon example.org');
    expect(iconMark([{ src: 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=' }])).toBe('icon data:image/svg+xml');
    expect(iconMark([{ src: 'javascript:alert(1)' }])).toBe('icon javascript:');
    expect(iconMark([{ mimeType: 'image/png' }])).toBe('icon (no src)');
    expect(iconMark([])).toBeNull();
    expect(iconMark(undefined)).toBeNull();
  });
});
