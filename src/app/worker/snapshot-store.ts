/**
 * The persisted workspace: one snapshot in IndexedDB, read when a worker starts (after a reload or a
 * kill) and written after calls that changed files. Works in the page and in workers alike.
 */
import type { WorkspaceSnapshot } from '../../core/workspace/types';

const DATABASE_NAME = 'tool-playground-workspace';
const STORE_NAME = 'snapshots';
const SNAPSHOT_KEY = 'current';

export interface SnapshotStore {
  load(): Promise<WorkspaceSnapshot | null>;
  save(snapshot: WorkspaceSnapshot): Promise<void>;
  clear(): Promise<void>;
}

function promisify<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

function transactionDone(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'));
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
  });
}

export function isWorkspaceSnapshot(value: unknown): value is WorkspaceSnapshot {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<WorkspaceSnapshot>;
  return (
    candidate.version === 1 &&
    typeof candidate.files === 'object' &&
    candidate.files !== null &&
    Object.values(candidate.files).every((bytes) => bytes instanceof Uint8Array) &&
    Array.isArray(candidate.directories)
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

export function createIndexedDbSnapshotStore(factory: IDBFactory = indexedDB, databaseName = DATABASE_NAME, snapshotKey = SNAPSHOT_KEY): SnapshotStore {
  let opened: Promise<IDBDatabase> | null = null;
  const open = (): Promise<IDBDatabase> => {
    opened ??= new Promise<IDBDatabase>((resolve, reject) => {
      const request = factory.open(databaseName, 1);
      request.onupgradeneeded = () => {
        if (!request.result.objectStoreNames.contains(STORE_NAME)) request.result.createObjectStore(STORE_NAME);
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('Cannot open IndexedDB'));
    }).catch((error: unknown) => {
      opened = null;
      throw error;
    });
    return opened;
  };

  return {
    async load() {
      const database = await open();
      const value: unknown = await promisify(database.transaction(STORE_NAME, 'readonly').objectStore(STORE_NAME).get(snapshotKey));
      return isWorkspaceSnapshot(value) ? value : null;
    },
    async save(snapshot) {
      const database = await open();
      const transaction = database.transaction(STORE_NAME, 'readwrite');
      transaction.objectStore(STORE_NAME).put(snapshot, snapshotKey);
      await transactionDone(transaction);
    },
    async clear() {
      const database = await open();
      const transaction = database.transaction(STORE_NAME, 'readwrite');
      transaction.objectStore(STORE_NAME).delete(snapshotKey);
      await transactionDone(transaction);
    },
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
