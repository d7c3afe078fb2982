import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import type { WorkspaceSnapshot } from '../../core/workspace/types';
import {
  DebouncedPersister,
  createIndexedDbSnapshotStore,
  isWorkspaceSnapshot,
  type SnapshotStore,
} from './snapshot-store';

const snapshotWith = (text: string): WorkspaceSnapshot => ({
  version: 1,
  files: { 'notes.txt': new TextEncoder().encode(text) },
  directories: ['empty'],
});

describe('IndexedDB snapshot store', () => {
  it('returns null before anything is saved, then the saved snapshot', async () => {
    const store = createIndexedDbSnapshotStore(new IDBFactory());
    expect(await store.load()).toBeNull();
    await store.save(snapshotWith('hello'));
    const loaded = await store.load();
    expect(loaded?.directories).toEqual(['empty']);
    expect(new TextDecoder().decode(loaded?.files['notes.txt'])).toBe('hello');
  });

  it('survives reopening the database and forgets after clear', async () => {
    const factory = new IDBFactory();
    await createIndexedDbSnapshotStore(factory).save(snapshotWith('kept'));
    const reopened = createIndexedDbSnapshotStore(factory);
    expect(new TextDecoder().decode((await reopened.load())?.files['notes.txt'])).toBe('kept');
    await reopened.clear();
    expect(await reopened.load()).toBeNull();
  });
});

describe('isWorkspaceSnapshot', () => {
  it('refuses data of another shape', () => {
    expect(isWorkspaceSnapshot(snapshotWith('x'))).toBe(true);
    expect(isWorkspaceSnapshot({ version: 2, files: {}, directories: [] })).toBe(false);
    expect(isWorkspaceSnapshot({ version: 1, files: { a: 'text' }, directories: [] })).toBe(false);
  });
});

describe('DebouncedPersister', () => {
  const memoryStore = () => {
    const saved: WorkspaceSnapshot[] = [];
    const store: SnapshotStore = {
      load: async () => saved.at(-1) ?? null,
      save: async (snapshot) => {
        saved.push(snapshot);
      },
      clear: async () => {
        saved.length = 0;
      },
    };
    return { store, saved };
  };

  it('writes once for a burst of changes', async () => {
    vi.useFakeTimers();
    const { store, saved } = memoryStore();
    let counter = 0;
    const persister = new DebouncedPersister(store, async () => snapshotWith(String(++counter)), 100);
    persister.markDirty();
    persister.markDirty();
    persister.markDirty();
    await vi.advanceTimersByTimeAsync(150);
    expect(saved).toHaveLength(1);
    vi.useRealTimers();
  });

  it('flush writes pending changes at once and does nothing when clean', async () => {
    const { store, saved } = memoryStore();
    const persister = new DebouncedPersister(store, async () => snapshotWith('now'), 10_000);
    await persister.flush();
    expect(saved).toHaveLength(0);
    persister.markDirty();
    await persister.flush();
    expect(saved).toHaveLength(1);
    expect(persister.pending).toBe(false);
  });

  it('records a failed save instead of throwing', async () => {
    const persister = new DebouncedPersister(
      {
        load: async () => null,
        save: async () => Promise.reject(new Error('quota exceeded')),
        clear: async () => undefined,
      },
      async () => snapshotWith('x'),
    );
    persister.markDirty();
    await persister.flush();
    expect(persister.lastError).toBe('quota exceeded');
  });
});

describe('workspace keys', () => {
  it('gives the site its own key and every embed another', async () => {
    const { workspaceKeyFor } = await import('./snapshot-store');
    const factory = new IDBFactory();
    // The site's workspace is the one a store opened without a key keeps.
    await createIndexedDbSnapshotStore(factory).save(snapshotWith('site'));
    const siteText = async (workerName: string) => {
      const loaded = await createIndexedDbSnapshotStore(factory, undefined, workspaceKeyFor(workerName)).load();
      return loaded === null ? null : new TextDecoder().decode(loaded.files['notes.txt']);
    };
    expect(await siteText('tool-runtime')).toBe('site');
    expect(workspaceKeyFor('tool-runtime:embed:tp-1')).toBe('embed:tp-1');
    expect(await siteText('tool-runtime:embed:tp-1')).toBeNull();
    expect(await siteText('tool-runtime:')).toBe('site');
  });
});

describe('separate workspaces', () => {
  it('keeps an embed’s snapshot apart from the site’s and from another embed’s', async () => {
    const factory = new IDBFactory();
    const site = createIndexedDbSnapshotStore(factory);
    const first = createIndexedDbSnapshotStore(factory, undefined, 'embed:a');
    const second = createIndexedDbSnapshotStore(factory, undefined, 'embed:b');
    await site.save(snapshotWith('site'));
    await first.save(snapshotWith('first'));
    expect(await second.load()).toBeNull();
    await first.clear();
    expect(await first.load()).toBeNull();
    expect(new TextDecoder().decode((await site.load())!.files['notes.txt'])).toBe('site');
  });
});

describe('symbolic links in the persisted snapshot', () => {
  it('survive a save and a load (a reload)', async () => {
    const factory = new IDBFactory();
    const snapshot = {
      version: 1 as const,
      files: { 'src/app.ts': new Uint8Array([65]) },
      directories: [],
      symlinks: { 'latest.ts': 'src/app.ts' },
    };
    await createIndexedDbSnapshotStore(factory).save(snapshot);
    expect((await createIndexedDbSnapshotStore(factory).load())?.symlinks).toEqual({ 'latest.ts': 'src/app.ts' });
  });

  it('a snapshot whose links are not strings is not trusted', () => {
    expect(isWorkspaceSnapshot({ version: 1, files: {}, directories: [], symlinks: { a: 3 } })).toBe(false);
  });
});
