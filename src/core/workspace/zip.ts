/** The workspace as a zip archive and back: deterministic out, refused as a whole in when unsafe. */
import { strFromU8, strToU8, unzipSync, zipSync, type Zippable } from 'fflate';
import { displayPath, normalizeWorkspacePath } from './paths';
import type { WorkspaceSnapshot } from './types';

export interface ZipOptions {
  /** Include `.git/` (default true, so an imported zip keeps its history). */
  includeGit?: boolean;
}

export type FromZipResult = { ok: true; files: number } | { ok: false; message: string };

/** Unix mode 0120777 (a symbolic link) in the high half of a zip entry's external attributes. */
const SYMLINK_ATTRIBUTES = 0o120777 << 16;
/** An import holds at most this many entries and inflates to at most this many bytes. */
export const MAX_ZIP_ENTRIES = 10_000;
const MAX_ZIP_TOTAL_BYTES = 200 * 1024 * 1024;

interface ZipListingEntry {
  name: string;
  symlink: boolean;
  size: number;
}

/**
 * The zip's central directory: names, declared sizes and which entries are symbolic links (fflate's
 * unzip does not report external attributes). Checks the limits before anything is inflated.
 */
function readZipListing(bytes: Uint8Array): { ok: true; entries: ZipListingEntry[] } | { ok: false; message: string } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = -1;
  for (let offset = bytes.length - 22; offset >= Math.max(0, bytes.length - 22 - 65_535); offset -= 1) {
    if (view.getUint32(offset, true) === 0x06054b50) {
      end = offset;
      break;
    }
  }
  if (end === -1) return { ok: false, message: 'not a readable zip archive: no central directory' };
  const count = view.getUint16(end + 10, true);
  if (count > MAX_ZIP_ENTRIES)
    return {
      ok: false,
      message: `the archive has ${count} entries, over the limit of ${MAX_ZIP_ENTRIES}; nothing was imported`,
    };
  const entries: ZipListingEntry[] = [];
  let declared = 0;
  let offset = view.getUint32(end + 16, true);
  for (let index = 0; index < count; index += 1) {
    if (offset + 46 > bytes.length || view.getUint32(offset, true) !== 0x02014b50)
      return { ok: false, message: 'not a readable zip archive: damaged central directory' };
    const madeBy = view.getUint8(offset + 5);
    const size = view.getUint32(offset + 24, true);
    const nameLength = view.getUint16(offset + 28, true);
    const extraLength = view.getUint16(offset + 30, true);
    const commentLength = view.getUint16(offset + 32, true);
    const attributes = view.getUint32(offset + 38, true);
    const name = strFromU8(bytes.subarray(offset + 46, offset + 46 + nameLength));
    const symlink = madeBy === 3 && ((attributes >>> 16) & 0o170000) === 0o120000;
    entries.push({ name, symlink, size });
    declared += size;
    if (declared > MAX_ZIP_TOTAL_BYTES)
      return {
        ok: false,
        message: `the archive declares more than ${MAX_ZIP_TOTAL_BYTES / (1024 * 1024)} MB of content; nothing was imported`,
      };
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return { ok: true, entries };
}

/** A snapshot as a zip (fflate, deterministic order and dates); links as `zip -y` stores them. */
export function snapshotToZip(snapshot: WorkspaceSnapshot, options: ZipOptions = {}): Uint8Array {
  const includeGit = options.includeGit ?? true;
  const entries: Zippable = {};
  const fixedDate = new Date(Date.UTC(2024, 0, 1));
  for (const relative of Object.keys(snapshot.files).sort()) {
    if (!includeGit && (relative === '.git' || relative.startsWith('.git/'))) continue;
    entries[relative] = [snapshot.files[relative]!, { mtime: fixedDate }];
  }
  for (const directory of snapshot.directories) {
    if (!includeGit && (directory === '.git' || directory.startsWith('.git/'))) continue;
    entries[`${directory}/`] = [new Uint8Array(0), { mtime: fixedDate }];
  }
  // A link is stored as `zip -y` and Info-ZIP store it: its target as content, Unix mode 0120777.
  for (const [relative, target] of Object.entries(snapshot.symlinks ?? {}).sort(([left], [right]) =>
    left.localeCompare(right),
  )) {
    if (!includeGit && (relative === '.git' || relative.startsWith('.git/'))) continue;
    entries[relative] = [strToU8(target), { mtime: fixedDate, os: 3, attrs: SYMLINK_ATTRIBUTES, level: 0 }];
  }
  return zipSync(entries, { level: 6 });
}

/**
 * A zip's content as a snapshot, or why it is refused as a whole: an entry that would land outside
 * the workspace (zip-slip), or an archive over the entry or size limits (a zip bomb is refused from
 * its directory, before anything is inflated).
 */
export function zipToSnapshot(
  bytes: Uint8Array,
): { ok: true; snapshot: WorkspaceSnapshot; files: number } | { ok: false; message: string } {
  const listing = readZipListing(bytes);
  if (!listing.ok) return listing;
  for (const entry of listing.entries) {
    const normalized = normalizeWorkspacePath(entry.name);
    if (!normalized.ok)
      return {
        ok: false,
        message: `entry '${displayPath(entry.name)}' is refused: ${normalized.reason}; nothing was imported`,
      };
  }
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(bytes);
  } catch (error) {
    return {
      ok: false,
      message: `not a readable zip archive: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  let inflated = 0;
  for (const content of Object.values(entries)) inflated += content.length;
  if (inflated > MAX_ZIP_TOTAL_BYTES)
    return {
      ok: false,
      message: `the archive inflates to more than ${MAX_ZIP_TOTAL_BYTES / (1024 * 1024)} MB; nothing was imported`,
    };
  const links = new Set(listing.entries.filter((entry) => entry.symlink).map((entry) => entry.name));
  const files: Record<string, Uint8Array> = {};
  const directories: string[] = [];
  const symlinks: Record<string, string> = {};
  for (const [name, content] of Object.entries(entries)) {
    const normalized = normalizeWorkspacePath(name);
    if (!normalized.ok || normalized.relative === '.') continue;
    if (name.endsWith('/')) directories.push(normalized.relative);
    else if (links.has(name)) symlinks[normalized.relative] = strFromU8(content);
    else files[normalized.relative] = content;
  }
  return { ok: true, snapshot: { version: 1, files, directories, symlinks }, files: Object.keys(files).length };
}
