/** Atomic replacement of files: write a temporary sibling, then rename it over the target. */
import type { IFileSystem } from 'just-bash';
import { baseName, joinPath, parentOf } from '../../support/handler';

const temporaryName = (target: string): string =>
  joinPath(parentOf(target), `.${baseName(target)}.${Math.random().toString(36).slice(2, 10)}.tmp`);

/** A reader never sees half a file, and a failed write leaves the old one intact and no temporary behind. */
export async function writeAtomically(fs: IFileSystem, target: string, bytes: Uint8Array | string): Promise<void> {
  const temporary = temporaryName(target);
  try {
    await fs.writeFile(temporary, bytes);
    await fs.mv(temporary, target);
  } finally {
    if (await fs.exists(temporary)) await fs.rm(temporary, { force: true });
  }
}

/**
 * Several files replaced together: every new content is written to a temporary first; only when all of
 * them are written are they renamed into place, so a failure part-way leaves every target as it was.
 */
export async function writeAllAtomically(
  fs: IFileSystem,
  files: { target: string; content: Uint8Array | string }[],
): Promise<void> {
  const staged: { temporary: string; target: string }[] = [];
  try {
    for (const file of files) {
      const temporary = temporaryName(file.target);
      staged.push({ temporary, target: file.target });
      await fs.writeFile(temporary, file.content);
    }
    for (const { temporary, target } of staged) await fs.mv(temporary, target);
  } finally {
    for (const { temporary } of staged) if (await fs.exists(temporary)) await fs.rm(temporary, { force: true });
  }
}
