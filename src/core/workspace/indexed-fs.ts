/**
 * just-bash's InMemoryFs with a live directory index. InMemoryFs lists a directory by scanning every
 * path it holds, so a walk over a tree costs directories × paths (seconds at a few thousand files);
 * here each directory keeps the names of its children, updated on every change, so a listing costs
 * its own size. Every entry change of InMemoryFs goes through its entry map's `set` and `delete`,
 * which this map subclass observes.
 */
import { InMemoryFs, type FsEntry } from 'just-bash';

interface DirentEntry {
  name: string;
  isFile: boolean;
  isDirectory: boolean;
  isSymbolicLink: boolean;
}

function parentOf(path: string): string | null {
  if (path === '/') return null;
  const slash = path.lastIndexOf('/');
  return slash <= 0 ? '/' : path.slice(0, slash);
}

/** The entry map with, beside it, the names of each directory's children. */
export class IndexedEntries extends Map<string, FsEntry> {
  readonly children = new Map<string, Set<string>>();

  override set(path: string, entry: FsEntry): this {
    if (!this.has(path)) {
      const parent = parentOf(path);
      if (parent !== null) {
        const names = this.children.get(parent);
        const name = path.slice(parent === '/' ? 1 : parent.length + 1);
        if (names) names.add(name);
        else this.children.set(parent, new Set([name]));
      }
    }
    return super.set(path, entry);
  }

  override delete(path: string): boolean {
    const deleted = super.delete(path);
    if (deleted) {
      const parent = parentOf(path);
      if (parent !== null) {
        const names = this.children.get(parent);
        names?.delete(path.slice(parent === '/' ? 1 : parent.length + 1));
        if (names?.size === 0) this.children.delete(parent);
      }
    }
    return deleted;
  }

  override clear(): void {
    super.clear();
    this.children.clear();
  }
}

const byCodeUnit = (left: DirentEntry, right: DirentEntry): number => (left.name < right.name ? -1 : left.name > right.name ? 1 : 0);

export class IndexedInMemoryFs extends InMemoryFs {
  private readonly entries: IndexedEntries;

  constructor() {
    super();
    // The entry map is InMemoryFs's own (a private field of its class); swap it for the indexed one.
    const holder = this as unknown as { data: Map<string, FsEntry> };
    if (!(holder.data instanceof Map)) throw new Error('InMemoryFs has changed shape: its entry map was not found');
    this.entries = new IndexedEntries();
    for (const [path, entry] of holder.data) this.entries.set(path, entry);
    holder.data = this.entries;
  }

  override async readdirWithFileTypes(path: string): Promise<DirentEntry[]> {
    // Plain directories from the index; anything else (a symlink, a missing path, a file, a bad
    // name) goes to InMemoryFs, for its exact behaviour and error messages.
    if (typeof path === 'string' && !path.includes('\0')) {
      const directory = this.resolvePath('/', path);
      if (this.entries.get(directory)?.type === 'directory') {
        const prefix = directory === '/' ? '/' : `${directory}/`;
        const listing: DirentEntry[] = [];
        for (const name of this.entries.children.get(directory) ?? []) {
          const type = this.entries.get(prefix + name)?.type;
          listing.push({ name, isFile: type === 'file', isDirectory: type === 'directory', isSymbolicLink: type === 'symlink' });
        }
        return listing.sort(byCodeUnit);
      }
    }
    return super.readdirWithFileTypes(path);
  }

  override async readdir(path: string): Promise<string[]> {
    return (await this.readdirWithFileTypes(path)).map((entry) => entry.name);
  }
}
