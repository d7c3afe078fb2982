import { describe, expect, it } from 'vitest';
import { iconRefusal, MAX_ICON_URL_LENGTH, shownIcon } from './icons';

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

describe('icons', () => {
  it('draws a base64 data URL of a raster type, whose mimeType agrees', () => {
    expect(iconRefusal({ src: PNG })).toBeNull();
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
});
