/**
 * The icons a server gives its tools, resources and prompts (`icons: [{ src, mimeType?, sizes?, theme? }]`): only a
 * base64 `data:` URL of PNG, JPEG, GIF or WebP, whose declared mimeType agrees, is drawn. Nothing is fetched: an
 * https icon would tell a host the person did not choose that they are looking, and when (the spec asks icons to
 * come from the server's domain or a trusted one, which a page cannot tell), so the pages' policy loads images from
 * the site and data: URLs only; such an icon is marked as one not loaded, with its host. An SVG can carry script;
 * `javascript:` and any other scheme is no image.
 */
import { isJsonObject } from '../json/is-json-object';

/** The longest icon drawn, checked before its text is read: an icon is a few KB; this bounds what one list can hold. */
export const MAX_ICON_URL_LENGTH = 64 * 1024;

/** The raster types an icon may have: each a plain picture a browser decodes, none able to carry script. */
const ICON_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

/** An icon as the protocol gives it, with only the fields this client reads. */
export interface ToolIcon {
  src: string;
  mimeType?: string;
  sizes?: string[];
  theme?: 'light' | 'dark';
}

export interface ShownIcon {
  src: string;
  mimeType: string;
  theme?: 'light' | 'dark';
}

const DATA_URL = /^data:([a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+)((?:;[a-z0-9-]+=[^;,]*)*);base64,([a-z0-9+/]+={0,2})$/i;

/** Why an icon is not drawn, or null when it is. */
export function iconRefusal(icon: unknown): string | null {
  if (!isJsonObject(icon) || typeof icon.src !== 'string') return 'an icon needs a src';
  if (icon.src.length > MAX_ICON_URL_LENGTH) return `src is longer than ${MAX_ICON_URL_LENGTH} characters`;
  const match = DATA_URL.exec(icon.src.trim());
  if (!match)
    return /^https?:/i.test(icon.src.trim())
      ? 'a remote icon is not fetched: only data: URLs are drawn'
      : 'only a base64 data: URL is drawn';
  const type = match[1]!.toLowerCase();
  if (!(ICON_IMAGE_TYPES as readonly string[]).includes(type))
    return `an icon of type ${type} is not drawn: only ${ICON_IMAGE_TYPES.join(', ')}`;
  if (typeof icon.mimeType === 'string' && icon.mimeType.toLowerCase() !== type)
    return `its mimeType ${icon.mimeType} disagrees with the data URL's ${type}`;
  return null;
}

const themeOf = (value: unknown): 'light' | 'dark' | undefined =>
  value === 'light' || value === 'dark' ? value : undefined;

/** The icons of a list the rule allows, each with only the fields this client reads: what a live tool keeps. */
export function drawableIcons(icons: unknown): ToolIcon[] {
  if (!Array.isArray(icons)) return [];
  return icons
    .filter((icon) => iconRefusal(icon) === null)
    .map((icon: { src: string; mimeType?: unknown; sizes?: unknown; theme?: unknown }) => {
      const theme = themeOf(icon.theme);
      const sizes = Array.isArray(icon.sizes) ? icon.sizes.filter((size) => typeof size === 'string') : [];
      return {
        src: icon.src.trim(),
        ...(typeof icon.mimeType === 'string' ? { mimeType: icon.mimeType } : {}),
        ...(sizes.length > 0 ? { sizes } : {}),
        ...(theme ? { theme } : {}),
      };
    });
}

/**
 * The icon to draw for an item: of the icons the rule allows, the one made for the page's theme (an icon's `theme`
 * is the background it is drawn for), else one made for any, else the first.
 */
export function shownIcon(icons: unknown, theme: 'light' | 'dark' = 'light'): ShownIcon | null {
  const allowed = drawableIcons(icons);
  const chosen =
    allowed.find((icon) => icon.theme === theme) ?? allowed.find((icon) => icon.theme === undefined) ?? allowed[0];
  if (!chosen) return null;
  return {
    src: chosen.src,
    mimeType: DATA_URL.exec(chosen.src)![1]!.toLowerCase(),
    ...(chosen.theme ? { theme: chosen.theme } : {}),
  };
}

/** An icon at a remote address (http or https), which is not fetched: its host and the type it declares. */
export interface RemoteIcon {
  host: string;
  mimeType?: string;
}

const remoteOf = (icon: unknown): RemoteIcon | null => {
  if (!isJsonObject(icon) || typeof icon.src !== 'string' || icon.src.length > MAX_ICON_URL_LENGTH) return null;
  let url: URL;
  try {
    url = new URL(icon.src.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  return { host: url.host, ...(typeof icon.mimeType === 'string' ? { mimeType: icon.mimeType } : {}) };
};

/** The first remote icon of a list, for an item none of whose icons is drawn. */
export function remoteIcon(icons: unknown): RemoteIcon | null {
  if (!Array.isArray(icons)) return null;
  for (const icon of icons) {
    const remote = remoteOf(icon);
    if (remote) return remote;
  }
  return null;
}

/**
 * A short mark that an item has an icon, for a terminal line: the drawn icon's `data:` and type, else a remote
 * icon's host (and declared type), else the scheme of the first icon's src; null without icons.
 */
export function iconMark(icons: unknown): string | null {
  const drawn = shownIcon(icons);
  if (drawn) return `icon data:${drawn.mimeType}`;
  const remote = remoteIcon(icons);
  if (remote) return `icon ${remote.host}${remote.mimeType ? ` ${remote.mimeType}` : ''}`;
  if (!Array.isArray(icons) || icons.length === 0) return null;
  const first: unknown = icons[0];
  const src = isJsonObject(first) && typeof first.src === 'string' ? first.src.trim() : '';
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(src)?.[1]?.toLowerCase();
  if (scheme === 'data') return `icon data:${/^data:([^;,]+)/i.exec(src)?.[1]?.toLowerCase() ?? '(no type)'}`;
  return `icon ${scheme ? `${scheme}:` : '(no src)'}`;
}
