/**
 * The icons a server gives its tools, resources and prompts (`icons: [{ src, mimeType?, sizes?, theme? }]`), shown by
 * the same rule as a result's images: only a `data:` URL of a raster image type (DISPLAYABLE_IMAGE_TYPES) in base64,
 * whose declared mimeType agrees. Nothing is fetched: an https icon would reach a server the person did not choose
 * (and the pages' policy refuses remote images); an SVG can carry script; `javascript:` and any other scheme is no image.
 */
import { isJsonObject } from '../json/is-json-object';
import { DISPLAYABLE_IMAGE_TYPES } from './results';

/** The longest icon drawn, checked before its text is read: an icon is a few KB; this bounds what one list can hold. */
export const MAX_ICON_URL_LENGTH = 64 * 1024;

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
  if (!(DISPLAYABLE_IMAGE_TYPES as readonly string[]).includes(type))
    return `an icon of type ${type} is not drawn: only ${DISPLAYABLE_IMAGE_TYPES.join(', ')}`;
  if (typeof icon.mimeType === 'string' && icon.mimeType.toLowerCase() !== type)
    return `its mimeType ${icon.mimeType} disagrees with the data URL's ${type}`;
  return null;
}

/** The icon to draw for an item: the first the rule allows, for the theme shown when several are given. */
export function shownIcon(icons: unknown, theme: 'light' | 'dark' = 'light'): ShownIcon | null {
  if (!Array.isArray(icons)) return null;
  const allowed = icons.filter((icon) => iconRefusal(icon) === null) as { src: string; theme?: unknown }[];
  const chosen =
    allowed.find((icon) => icon.theme === theme) ?? allowed.find((icon) => icon.theme === undefined) ?? allowed[0];
  if (!chosen) return null;
  const src = chosen.src.trim();
  return {
    src,
    mimeType: DATA_URL.exec(src)![1]!.toLowerCase(),
    ...(chosen.theme === 'light' || chosen.theme === 'dark' ? { theme: chosen.theme } : {}),
  };
}
