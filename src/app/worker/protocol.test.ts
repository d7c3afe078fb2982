import { describe, expect, it } from 'vitest';
import {
  buildWorkspaceTree,
  callTimeoutMs,
  isPageToWorkerMessage,
  isWorkerToPageMessage,
  markFromGitStatus,
  markFromStatusMatrixRow,
} from './protocol';

describe('callTimeoutMs', () => {
  const tool = { inputSchema: { type: 'object', properties: { timeout_seconds: { type: 'integer', default: 30 } } } };

  it('uses the timeout_seconds argument', () => {
    expect(callTimeoutMs(tool, { timeout_seconds: 2 })).toBe(2000);
  });

  it('falls back to the schema default, then to the given default', () => {
    expect(callTimeoutMs(tool, {})).toBe(30_000);
    expect(callTimeoutMs({ inputSchema: { type: 'object' } }, {}, 1234)).toBe(1234);
  });

  it('ignores a timeout that is not a positive number', () => {
    expect(callTimeoutMs(tool, { timeout_seconds: 'soon' })).toBe(30_000);
    expect(callTimeoutMs(tool, { timeout_seconds: -1 })).toBe(30_000);
  });
});

describe('markFromGitStatus', () => {
  it.each([
    ['*added', 'new'],
    ['untracked', 'new'],
    ['added', 'new'],
    ['*modified', 'modified'],
    ['modified', 'modified'],
    ['*deleted', 'deleted'],
    ['deleted', 'deleted'],
    ['*undeleted', 'modified'],
    ['unmodified', 'unchanged'],
  ] as const)('%s → %s', (status, mark) => {
    expect(markFromGitStatus({ index: '', workdir: '', status })).toBe(mark);
  });

  it('reads porcelain letters when there is no status word', () => {
    expect(markFromGitStatus({ index: '?', workdir: '?', status: '' })).toBe('new');
    expect(markFromGitStatus({ index: ' ', workdir: 'M', status: '' })).toBe('modified');
    expect(markFromGitStatus({ index: 'D', workdir: ' ', status: '' })).toBe('deleted');
  });
});

describe('markFromStatusMatrixRow', () => {
  it.each([
    [[0, 2, 0], 'new'],
    [[0, 2, 2], 'new'],
    [[1, 0, 1], 'deleted'],
    [[1, 0, 0], 'deleted'],
    [[1, 2, 1], 'modified'],
    [[1, 2, 2], 'modified'],
    [[1, 1, 1], 'unchanged'],
    [[0, 0, 3], 'unchanged'],
  ] as const)('%j → %s', ([head, workdir, stage], mark) => {
    expect(markFromStatusMatrixRow(['f', head, workdir, stage])).toBe(mark);
  });
});

describe('buildWorkspaceTree', () => {
  it('marks files and adds deleted ones that are gone from disk', () => {
    const tree = buildWorkspaceTree(
      ['b.txt', 'src/a.ts'],
      new Map([
        ['b.txt', 'new'],
        ['gone.md', 'deleted'],
      ]),
      'main',
    );
    expect(tree).toEqual({
      branch: 'main',
      entries: [
        { path: 'b.txt', mark: 'new' },
        { path: 'gone.md', mark: 'deleted' },
        { path: 'src/a.ts', mark: 'unchanged' },
      ],
    });
  });

  it('keeps the tree unmarked and says why when git status failed', () => {
    const tree = buildWorkspaceTree(['a'], null, null, 'no repository');
    expect(tree.statusError).toBe('no repository');
    expect(tree.entries).toEqual([{ path: 'a', mark: 'unchanged' }]);
  });
});

describe('message guards', () => {
  it('accept known messages and refuse others', () => {
    expect(isWorkerToPageMessage({ type: 'workspace-changed' })).toBe(true);
    expect(isWorkerToPageMessage({ type: 'execute' })).toBe(false);
    expect(isWorkerToPageMessage(null)).toBe(false);
    expect(isPageToWorkerMessage({ type: 'cancel', id: 'x' })).toBe(true);
    expect(isPageToWorkerMessage({ type: 'ready' })).toBe(false);
  });
});
