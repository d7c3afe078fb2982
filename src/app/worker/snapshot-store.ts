/**
 * The persisted workspace: one snapshot in IndexedDB, read when a worker starts (after a reload or a
 * kill) and written after calls that changed files. Works in the page and in workers alike.
 */
import { del, get, promisifyRequest, set, type UseStore } from 'idb-keyval';
import type { WorkspaceSnapshot } from '../../core/workspace/types';

const DATABASE_NAME = 'tool-playground-workspace';
const STORE_NAME = 'snapshots';
const SNAPSHOT_KEY = 'current';

export interface SnapshotStore {
  load(): Promise<WorkspaceSnapshot | null>;
  save(snapshot: WorkspaceSnapshot): Promise<void>;
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
      (typeof candidate.symlinks === 'object' && candidate.symlinks !== null && Object.values(candidate.symlinks).every((target) => typeof target === 'string')))
  );
}

/** The key of the site's own workspace; an embed keeps its own under `embed:<id>` (see `workspaceKeyFor`). */
export const MAIN_WORKSPACE_KEY = SNAPSHOT_KEY;

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
  return (mode, callback) => open().then((database) => callback(database.transaction(STORE_NAME, mode).objectStore(STORE_NAME)));
}

export function createIndexedDbSnapshotStore(factory: IDBFactory = indexedDB, databaseName = DATABASE_NAME, snapshotKey = SNAPSHOT_KEY): SnapshotStore {
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
        await this.store.save(await this.takeSnapshot());
        this.lastError = null;
      } catch (error) {
        this.lastError = error instanceof Error ? error.message : String(error);
      }
    });
    return this.writing;
  }
}
