/**
 * The icons a server gives its tools, resources and prompts (`icons: [{ src, mimeType?, sizes?, theme? }]`): only a
 * base64 `data:` URL of PNG, JPEG, GIF or WebP, whose declared mimeType agrees, is drawn. Nothing is fetched: an
 * https icon would reach a server the person did not choose (and the pages' policy loads images from the site and
 * data: URLs only); an SVG can carry script; `javascript:` and any other scheme is no image.
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
