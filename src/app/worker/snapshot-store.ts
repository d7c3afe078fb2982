/**
 * The persisted workspace: one snapshot in IndexedDB, read when a worker starts (after a reload or a
 * kill) and written after calls that changed files. Works in the page and in workers alike.
 */
import { del, get, promisifyRequest, set, type UseStore } from 'idb-keyval';
import type { WorkspaceSnapshot } from '../../core/workspace/types';

const DATABASE_NAME = 'tool-playground-workspace';
const STORE_NAME = 'snapshots';
const SNAPSHOT_KEY = 'current';

/** A save that met another tab's newer copy comes back merged: the workspace takes the merge. */
export interface SaveOutcome {
  merged: WorkspaceSnapshot;
  conflicts: string[];
}

export interface SnapshotStore {
  load(): Promise<WorkspaceSnapshot | null>;
  save(snapshot: WorkspaceSnapshot): Promise<SaveOutcome | void>;
  clear(): Promise<void>;
}

export function isWorkspaceSnapshot(value: unknown): value is WorkspaceSnapshot {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<WorkspaceSnapshot>;
  return (
    candidate.version === 1 &&
    typeof candidate.files === 'object' &&
    candidate.files !== null &&
    Object.values(candidate.files).every((bytes) => bytes instanceof Uint8Array) &&
    Array.isArray(candidate.directories) &&
    (candidate.symlinks === undefined ||
      (typeof candidate.symlinks === 'object' &&
        candidate.symlinks !== null &&
        Object.values(candidate.symlinks).every((target) => typeof target === 'string')))
  );
}

/**
 * The snapshot key for a runtime worker, from the name the page gave it: `tool-runtime` is the site's
 * workspace, `tool-runtime:<key>` another one (an embed's), so embeds never touch the site's files or each other's.
 */
export function workspaceKeyFor(workerName: string): string {
  const separator = workerName.indexOf(':');
  const key = separator >= 0 ? workerName.slice(separator + 1) : '';
  return key === '' ? SNAPSHOT_KEY : key;
}

/**
 * idb-keyval's store, opened through the given factory (fake-indexeddb in tests). The same open as
 * idb-keyval's createStore, which reads the global `indexedDB` and so cannot take a factory; a failed
 * open is retried on the next call instead of failing every later one.
 */
function keyValueStore(factory: IDBFactory, databaseName: string): UseStore {
  let opened: Promise<IDBDatabase> | null = null;
  const open = (): Promise<IDBDatabase> => {
    if (opened === null) {
      const request = factory.open(databaseName, 1);
      request.onupgradeneeded = () => {
        if (!request.result.objectStoreNames.contains(STORE_NAME)) request.result.createObjectStore(STORE_NAME);
      };
      opened = promisifyRequest(request).catch((error: unknown) => {
        opened = null;
        throw error instanceof Error ? error : new Error('Cannot open IndexedDB');
      });
    }
    return opened;
  };
  return (mode, callback) =>
    open().then((database) => callback(database.transaction(STORE_NAME, mode).objectStore(STORE_NAME)));
}

export function createIndexedDbSnapshotStore(
  factory: IDBFactory = indexedDB,
  databaseName = DATABASE_NAME,
  snapshotKey = SNAPSHOT_KEY,
): SnapshotStore {
  const store = keyValueStore(factory, databaseName);
  return {
    async load() {
      const value: unknown = await get(snapshotKey, store);
      return isWorkspaceSnapshot(value) ? value : null;
    },
    save: (snapshot) => set(snapshotKey, snapshot, store),
    clear: () => del(snapshotKey, store),
  };
}

/** A snapshot with the number of saves it has seen, so a save can tell that another tab wrote in between. */
export interface VersionedSnapshot {
  snapshot: WorkspaceSnapshot | null;
  version: number;
}

export interface VersionedSnapshotStore {
  load(): Promise<VersionedSnapshot>;
  /** Writes when the stored version is still `expected`; otherwise leaves it and returns what is stored. */
  saveIf(
    snapshot: WorkspaceSnapshot,
    expected: number,
  ): Promise<{ saved: true; version: number } | { saved: false; current: VersionedSnapshot }>;
  clear(): Promise<void>;
}

/** The same record as the plain store's, with its version beside it under `<key>:version`, read and written in one transaction. */
export function createVersionedSnapshotStore(
  factory: IDBFactory = indexedDB,
  databaseName = DATABASE_NAME,
  snapshotKey = SNAPSHOT_KEY,
): VersionedSnapshotStore {
  const store = keyValueStore(factory, databaseName);
  const versionKey = `${snapshotKey}:version`;
  const read = async (objects: IDBObjectStore): Promise<VersionedSnapshot> => {
    const [snapshot, version] = await Promise.all([
      promisifyRequest(objects.get(snapshotKey)),
      promisifyRequest(objects.get(versionKey)),
    ]);
    return {
      snapshot: isWorkspaceSnapshot(snapshot) ? snapshot : null,
      version: typeof version === 'number' ? version : 0,
    };
  };
  return {
    load: () => store('readonly', read),
    saveIf: (snapshot, expected) =>
      store('readwrite', async (objects) => {
        const current = await read(objects);
        if (current.version !== expected) return { saved: false as const, current };
        objects.put(snapshot, snapshotKey);
        objects.put(expected + 1, versionKey);
        await promisifyRequest(objects.transaction);
        return { saved: true as const, version: expected + 1 };
      }),
    clear: () =>
      store('readwrite', async (objects) => {
        objects.delete(snapshotKey);
        objects.delete(versionKey);
        await promisifyRequest(objects.transaction);
      }),
  };
}

/**
 * Coalesces saves: many changes in a burst write once, after `delayMs` of quiet. `flush()` writes
 * what is pending now (before a call starts, so a kill during that call loses nothing committed).
 */
export class DebouncedPersister {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private dirty = false;
  private writing: Promise<void> = Promise.resolve();
  lastError: string | null = null;

  constructor(
    private readonly store: SnapshotStore,
    private readonly takeSnapshot: () => Promise<WorkspaceSnapshot>,
    private readonly delayMs = 200,
    /** A save that came back merged with another tab's copy: the workspace takes it (from what was saved). */
    private readonly onMerged?: (outcome: SaveOutcome, saved: WorkspaceSnapshot) => Promise<void>,
  ) {}

  markDirty(): void {
    this.dirty = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, this.delayMs);
  }

  get pending(): boolean {
    return this.dirty;
  }

  flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (!this.dirty) return this.writing;
    this.dirty = false;
    this.writing = this.writing.then(async () => {
      try {
        const saved = await this.takeSnapshot();
        const outcome = await this.store.save(saved);
        this.lastError = null;
        if (outcome) await this.onMerged?.(outcome, saved);
      } catch (error) {
        this.lastError = error instanceof Error ? error.message : String(error);
      }
    });
    return this.writing;
  }
}
