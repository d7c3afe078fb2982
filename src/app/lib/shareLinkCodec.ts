import { loadOnce } from './preload';

/**
 * The share link's codec, with fflate (5 KB gzip of the 212 KB a tool page loaded, measured in the build): loaded
 * when a link is opened or made, not with every tool page. Its promise is tracked, so a page that awaited it before
 * rendering reads it without suspending.
 */
export const shareLinkCodec = loadOnce(() => import('./shareLink'));
