/**
 * just-bash's InMemoryFs with a live directory index. InMemoryFs lists a directory by scanning every
 * path it holds, so a walk over a tree costs directories × paths (seconds at a few thousand files);
 * here each directory keeps the names of its children, updated on every change, so a listing costs
 * its own size. Every entry change of InMemoryFs goes through its entry map's `set` and `delete`,
 * which this map subclass observes.
 *
 * Two more fixes over InMemoryFs:
 * - Symbolic links along a path. InMemoryFs stores writes, removes and moves under the path as
 *   written, so `echo x > link/f` (link → dir) made an entry no read could reach and changed nothing.
 *   Every operation here goes to the physical path: links along it replaced by their targets (the
 *   last component too where POSIX follows it).
 * - Pinned directories (the workspace root): they cannot be removed or moved; a recursive remove
 *   empties them and then fails with EBUSY, as removing a mount point does.
 */
import {
  InMemoryFs,
  type CpOptions,
  type FileContent,
  type FsEntry,
  type FsStat,
  type MkdirOptions,
  type RmOptions,
} from 'just-bash';

type ReadOptions = Parameters<InMemoryFs['readFile']>[1];
type WriteOptions = Parameters<InMemoryFs['writeFile']>[2];

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
  /** How many symbolic links there are: with none, no path needs resolving (the usual case, kept free). */
  symlinks = 0;

  override set(path: string, entry: FsEntry): this {
    const previous = this.get(path);
    this.symlinks += (entry.type === 'symlink' ? 1 : 0) - (previous?.type === 'symlink' ? 1 : 0);
    if (!previous) {
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
    const wasLink = this.get(path)?.type === 'symlink';
    const deleted = super.delete(path);
    if (deleted) {
      if (wasLink) this.symlinks -= 1;
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
    this.symlinks = 0;
  }
}

/** Links followed while resolving one path before it is called a loop (Linux allows 40). */
const MAX_LINK_HOPS = 40;

const byCodeUnit = (left: DirentEntry, right: DirentEntry): number =>
  left.name < right.name ? -1 : left.name > right.name ? 1 : 0;

export class IndexedInMemoryFs extends InMemoryFs {
  private readonly entries: IndexedEntries;
  /** Directory → why it cannot be removed or moved. */
  private readonly pinned = new Map<string, string>();
  /** Refusals to remove or move a pinned directory since the last `drainRefusals` (`rm -f` hides them). */
  private refusals: string[] = [];

  constructor() {
    super();
    // The entry map is InMemoryFs's own (a private field of its class); swap it for the indexed one.
    const holder = this as unknown as { data: Map<string, FsEntry> };
    if (!(holder.data instanceof Map)) throw new Error('InMemoryFs has changed shape: its entry map was not found');
    this.entries = new IndexedEntries();
    for (const [path, entry] of holder.data) this.entries.set(path, entry);
    holder.data = this.entries;
  }

  /**
   * Where `path` really is: every symbolic link along it replaced by its target, and the last
   * component's too when `followLast`. Links to links and relative targets are followed; a cycle
   * throws ELOOP. Missing components are kept as written.
   */
  physicalPath(path: string, followLast = true): string {
    if (this.entries.symlinks === 0) return this.resolvePath('/', path);
    let hops = 0;
    const walk = (absolute: string, followLastLink: boolean): string => {
      const segments = absolute.split('/').filter((segment) => segment !== '');
      let current = '/';
      for (let index = 0; index < segments.length; index += 1) {
        const segment = segments[index]!;
        if (segment === '.') continue;
        if (segment === '..') {
          current = parentOf(current) ?? '/';
          continue;
        }
        let next = current === '/' ? `/${segment}` : `${current}/${segment}`;
        const entry = this.entries.get(next);
        if (entry?.type === 'symlink' && (followLastLink || index < segments.length - 1)) {
          hops += 1;
          if (hops > MAX_LINK_HOPS) throw new Error(`ELOOP: too many levels of symbolic links, '${path}'`);
          // Relative targets are relative to the link's (physical) directory.
          next = walk(entry.target.startsWith('/') ? entry.target : `${current}/${entry.target}`, true);
        }
        current = next;
      }
      return current;
    };
    return walk(this.resolvePath('/', path), followLast);
  }

  /** The physical path for an operation; a path InMemoryFs would refuse anyway is passed through for its own error. */
  private physical(path: string, followLast: boolean): string {
    if (this.entries.symlinks === 0 || typeof path !== 'string' || path.includes('\0')) return path;
    const resolved = this.physicalPath(path, followLast);
    return resolved === this.resolvePath('/', path) ? path : resolved;
  }

  /** Keep `directory` from being removed or moved (its content may change); `reason` goes into the EBUSY error. */
  pin(directory: string, reason: string): void {
    this.pinned.set(this.resolvePath('/', directory), reason);
  }

  /** The refusals since the last call, and forget them. */
  drainRefusals(): string[] {
    const drained = [...new Set(this.refusals)];
    this.refusals = [];
    return drained;
  }

  private refuse(reason: string, operation: string, path: string): Error {
    this.refusals.push(reason);
    return new Error(`EBUSY: ${reason}, ${operation} '${path}'`);
  }

  /** The pinned directory at or below `physical`, if any. */
  private pinnedAtOrBelow(physical: string): [string, string] | null {
    for (const [directory, reason] of this.pinned) {
      if (directory === physical || physical === '/' || directory.startsWith(`${physical}/`))
        return [directory, reason];
    }
    return null;
  }

  override async readdirWithFileTypes(path: string): Promise<DirentEntry[]> {
    // Plain directories from the index; anything else (a missing path, a file, a bad name) goes to
    // InMemoryFs, for its exact behaviour and error messages.
    if (typeof path === 'string' && !path.includes('\0')) {
      const directory = this.physicalPath(path, true);
      if (this.entries.get(directory)?.type === 'directory') {
        const prefix = directory === '/' ? '/' : `${directory}/`;
        const listing: DirentEntry[] = [];
        for (const name of this.entries.children.get(directory) ?? []) {
          const type = this.entries.get(prefix + name)?.type;
          listing.push({
            name,
            isFile: type === 'file',
            isDirectory: type === 'directory',
            isSymbolicLink: type === 'symlink',
          });
        }
        return listing.sort(byCodeUnit);
      }
    }
    return super.readdirWithFileTypes(path);
  }

  override async readdir(path: string): Promise<string[]> {
    return (await this.readdirWithFileTypes(path)).map((entry) => entry.name);
  }

  // Reads follow every link.

  override async readFile(path: string, options?: ReadOptions): Promise<string> {
    return super.readFile(this.physical(path, true), options);
  }

  override async readFileBuffer(path: string): Promise<Uint8Array> {
    return super.readFileBuffer(this.physical(path, true));
  }

  override async exists(path: string): Promise<boolean> {
    try {
      return await super.exists(this.physical(path, true));
    } catch {
      return false;
    }
  }

  override async stat(path: string): Promise<FsStat> {
    return super.stat(this.physical(path, true));
  }

  override async lstat(path: string): Promise<FsStat> {
    return super.lstat(this.physical(path, false));
  }

  override async readlink(path: string): Promise<string> {
    return super.readlink(this.physical(path, false));
  }

  override async realpath(path: string): Promise<string> {
    const resolved = this.physical(path, true);
    await super.lstat(resolved);
    return this.resolvePath('/', resolved);
  }

  // Writes land where the link points, as open(2) does; removes, moves and new links act on the link itself.

  override writeFileSync(
    path: string,
    content: FileContent,
    options?: WriteOptions,
    metadata?: { mode?: number; mtime?: Date },
  ): void {
    const target = this.physical(path, true);
    // InMemoryFs would replace a directory's entry and orphan everything under it.
    if (
      typeof target === 'string' &&
      !target.includes('\0') &&
      this.entries.get(this.resolvePath('/', target))?.type === 'directory'
    ) {
      throw new Error(`EISDIR: illegal operation on a directory, write '${path}'`);
    }
    super.writeFileSync(target, content, options, metadata);
  }

  override async writeFile(path: string, content: FileContent, options?: WriteOptions): Promise<void> {
    return super.writeFile(this.physical(path, true), content, options);
  }

  override async appendFile(path: string, content: FileContent, options?: WriteOptions): Promise<void> {
    return super.appendFile(this.physical(path, true), content, options);
  }

  override mkdirSync(path: string, options?: MkdirOptions): void {
    super.mkdirSync(this.physical(path, false), options);
  }

  override async mkdir(path: string, options?: MkdirOptions): Promise<void> {
    this.mkdirSync(path, options);
  }

  override async rm(path: string, options?: RmOptions): Promise<void> {
    const target = this.physical(path, false);
    const pinned =
      typeof target === 'string' && this.pinned.size > 0 ? this.pinnedAtOrBelow(this.resolvePath('/', target)) : null;
    if (!pinned) return super.rm(target, options);
    // Empty what may go, keep the pinned directory and the directories above it.
    if (!options?.recursive) throw this.refuse(pinned[1], 'rm', path);
    const directory = this.resolvePath('/', target);
    for (const name of await this.readdir(directory)) {
      const child = directory === '/' ? `/${name}` : `${directory}/${name}`;
      try {
        await this.rm(child, options);
      } catch (error) {
        if (!(error instanceof Error && error.message.startsWith('EBUSY'))) throw error;
      }
    }
    throw this.refuse(pinned[1], 'rm', path);
  }

  override async mv(source: string, destination: string): Promise<void> {
    const from = this.physical(source, false);
    const pinned =
      typeof from === 'string' && this.pinned.size > 0 ? this.pinnedAtOrBelow(this.resolvePath('/', from)) : null;
    if (pinned) throw this.refuse(pinned[1], 'mv', source);
    return super.mv(from, this.physical(destination, false));
  }

  override async cp(source: string, destination: string, options?: CpOptions): Promise<void> {
    return super.cp(this.physical(source, false), this.physical(destination, false), options);
  }

  override async symlink(target: string, linkPath: string): Promise<void> {
    return super.symlink(target, this.physical(linkPath, false));
  }

  override async link(existingPath: string, newPath: string): Promise<void> {
    return super.link(this.physical(existingPath, true), this.physical(newPath, false));
  }

  override async chmod(path: string, mode: number): Promise<void> {
    return super.chmod(this.physical(path, true), mode);
  }

  override async utimes(path: string, atime: Date, mtime: Date): Promise<void> {
    return super.utimes(this.physical(path, true), atime, mtime);
  }
}
