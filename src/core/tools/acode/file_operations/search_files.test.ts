import { describe, expect, it } from 'vitest';
import type { ToolOutcome } from '../../../runtime/types';
import { createTestBench } from '../../support/context.test-support';
import { MAX_LINE_CHARS, tool as searchFiles } from './search_files';

const tree = {
  'src/Program.cs': 'public class Program\n{\n    // TODO: remove\n}\n',
  'src/App.tsx': "import React from 'react';\n// todo lower\n",
  'docs/notes.md': 'Nothing here\nTODO docs\n',
  'image.png': new Uint8Array([0x89, 0x50, 0x00, 0x54, 0x4f, 0x44, 0x4f]),
  '.git/info': 'TODO inside git',
};

const hits = (outcome: ToolOutcome) => {
  if (outcome.data?.kind !== 'search_hits') throw new Error(`expected search_hits, got ${JSON.stringify(outcome)}`);
  return outcome.data;
};

describe('search_files', () => {
  it('reports progress as items processed of the total, with the file at hand', async () => {
    const bench = await createTestBench(tree);
    await bench.run(searchFiles, { query: 'TODO' });
    expect(bench.progress[0]).toMatchObject({
      itemsProcessed: 0,
      totalItems: 4,
      currentOperation: expect.stringMatching(/^Searching /),
    });
    expect(bench.progress.at(-1)).toMatchObject({ fraction: 1, itemsProcessed: 4, totalItems: 4 });
  });

  it('finds a literal case-insensitively by default, as file:line:column:text', async () => {
    const bench = await createTestBench(tree);
    const data = hits(await bench.run(searchFiles, { query: 'TODO' }));
    expect(data.hits.map((hit) => `${hit.file}:${hit.line}:${hit.column}:${hit.text}`)).toEqual([
      'docs/notes.md:2:1:TODO docs',
      'src/App.tsx:2:4:// todo lower',
      'src/Program.cs:3:8:    // TODO: remove',
    ]);
    expect(data.filesSearched).toBe(3);
  });

  it('skips binary files and .git', async () => {
    const bench = await createTestBench(tree);
    const outcome = await bench.run(searchFiles, { query: 'TODO' });
    expect(hits(outcome).hits.some((hit) => hit.file.startsWith('.git') || hit.file === 'image.png')).toBe(false);
    expect(outcome.message).toContain('1 binary file(s) skipped');
  });

  it('honours case_sensitive, path and pattern', async () => {
    const bench = await createTestBench(tree);
    expect(
      hits(await bench.run(searchFiles, { query: 'todo', case_sensitive: true })).hits.map((hit) => hit.file),
    ).toEqual(['src/App.tsx']);
    expect(
      hits(await bench.run(searchFiles, { query: 'TODO', path: 'src', pattern: '*.cs' })).hits.map((hit) => hit.file),
    ).toEqual(['src/Program.cs']);
    expect(hits(await bench.run(searchFiles, { query: 'TODO', path: 'docs/notes.md' })).hits).toHaveLength(1);
  });

  it('searches with a regular expression', async () => {
    const bench = await createTestBench(tree);
    const data = hits(await bench.run(searchFiles, { query: '^import.*React', regex: true, pattern: '*.tsx' }));
    expect(data.hits).toEqual([{ file: 'src/App.tsx', line: 1, column: 1, text: "import React from 'react';" }]);
  });

  it('reports an invalid regular expression', async () => {
    const bench = await createTestBench(tree);
    const outcome = await bench.run(searchFiles, { query: '(unclosed', regex: true });
    expect(outcome.errorCode).toBe('invalid_regex');
    expect(outcome.error).toContain("Parameter 'query': not a valid regular expression");
  });

  it('runs a pattern that would backtrack exponentially on RE2: the answer, at once', async () => {
    const bench = await createTestBench({ 'long.txt': `${'a'.repeat(5000)}\n${'a'.repeat(10)}!\n` });
    const data = hits(await bench.run(searchFiles, { query: '(a+)+!', regex: true }));
    expect(data.hits.map((hit) => [hit.line, hit.column])).toEqual([[2, 1]]);
  });

  it('runs overlapping alternation under a quantifier on RE2 (it ran for 5 s on 24 x before)', async () => {
    const bench = await createTestBench({ 'evil.txt': `${'x'.repeat(32)}\n`, 'ok.txt': 'foobar bar\nab abb\nxxy\n' });
    for (const query of ['(x|x)*y', '(x?x?)+y', '(?:X|x)+y']) {
      expect(hits(await bench.run(searchFiles, { query, regex: true, path: 'evil.txt' })).hits, query).toEqual([]);
      expect(
        hits(await bench.run(searchFiles, { query, regex: true, path: 'ok.txt' })).hits.map((hit) => hit.line),
        query,
      ).toEqual([3]);
    }
    expect(
      hits(await bench.run(searchFiles, { query: '(?:X|x)+y', regex: true, case_sensitive: true, path: 'evil.txt' }))
        .hits,
    ).toEqual([]);
    expect(hits(await bench.run(searchFiles, { query: '(foo|bar)+', regex: true, path: 'ok.txt' })).hits).toHaveLength(
      1,
    );
    expect(hits(await bench.run(searchFiles, { query: '(a|b)+', regex: true, path: 'ok.txt' })).hits).toHaveLength(2);
  });

  it('still refuses an exponential pattern RE2 cannot run (lookaround), in words', async () => {
    const bench = await createTestBench({ 'long.txt': `${'a'.repeat(5000)}` });
    const outcome = await bench.run(searchFiles, { query: '(a+)+(?!b)!', regex: true });
    expect(outcome.errorCode).toBe('invalid_regex');
    expect(outcome.error).toMatch(/^Parameter 'query': refused, because the repeated group '/);
    expect(outcome.error).toContain('exponential');
  });

  it('stops at max_results and says so', async () => {
    const bench = await createTestBench({
      'many.txt': Array.from({ length: 50 }, (_, index) => `hit ${index}`).join('\n'),
    });
    const data = hits(await bench.run(searchFiles, { query: 'hit', max_results: 10 }));
    expect(data.hits).toHaveLength(10);
    expect(data.truncated).toBe(true);
  });

  it('sees whole long lines with RE2, and caps only what a backtracking regex sees', async () => {
    const hostile = `${'a'.repeat(50_000)}!`;
    const bench = await createTestBench({ 'long.txt': `${hostile}\nshort aaaa!\n` });
    expect(hits(await bench.run(searchFiles, { query: 'a*a*!', regex: true })).hits.map((hit) => hit.line)).toEqual([
      1, 2,
    ]);
    // A lookahead needs the backtracking engine: the match past the cap is not seen; the short line still is.
    expect(hits(await bench.run(searchFiles, { query: 'a*a*(?=!)', regex: true })).hits.map((hit) => hit.line)).toEqual(
      [2],
    );
    expect(MAX_LINE_CHARS).toBeLessThan(hostile.length);
  });

  it('stops between files when cancelled', async () => {
    const files: Record<string, string> = {};
    for (let index = 0; index < 20; index++) files[`f${index}.txt`] = 'needle';
    const bench = await createTestBench(files);
    const controller = new AbortController();
    controller.abort();
    const outcome = await bench.run(searchFiles, { query: 'needle' }, { signal: controller.signal });
    expect(hits(outcome).hits).toHaveLength(0);
    expect(outcome.message).toContain('cancelled');
  });

  it('refuses traversal and missing directories', async () => {
    const bench = await createTestBench(tree);
    expect((await bench.run(searchFiles, { query: 'x', path: '../../etc' })).errorCode).toBe('path_outside_workspace');
    expect((await bench.run(searchFiles, { query: 'x', path: 'nope' })).errorCode).toBe('path_not_found');
  });

  it('summarizes', () => {
    expect(searchFiles.summarize({ query: 'public class', path: 'src', pattern: '*.cs' })).toBe(
      "Search for 'public class' in 'src' (files matching '*.cs')",
    );
  });

  it('does not follow symbolic links: a linked directory, a loop or an escape neither fails the search nor doubles its hits', async () => {
    const bench = await createTestBench(tree);
    await bench.workspace.fs.mkdir('/outside', { recursive: true });
    await bench.workspace.fs.writeFile('/outside/secret.txt', 'TODO outside');
    await bench.workspace.runShell(
      'ln -s src srclink && ln -s . self && ln -s /outside escape && ln -s src/Program.cs programlink',
      { cwd: '/workspace', timeoutMs: 5000 },
    );
    const outcome = await bench.run(searchFiles, { query: 'TODO' });
    expect(outcome.success, JSON.stringify(outcome)).toBe(true);
    expect(
      hits(outcome)
        .hits.map((hit) => hit.file)
        .sort(),
    ).toEqual(['docs/notes.md', 'src/App.tsx', 'src/Program.cs']);
  });

  it('skips a directory that cannot be read and says so', async () => {
    const bench = await createTestBench(tree);
    const fs = bench.workspace.fs;
    const original = fs.readdirWithFileTypes.bind(fs);
    fs.readdirWithFileTypes = async (path: string) => {
      if (path.endsWith('/docs')) throw new Error('EIO: simulated failure');
      return original(path);
    };
    const outcome = await bench.run(searchFiles, { query: 'TODO' });
    expect(outcome.success).toBe(true);
    expect(
      hits(outcome)
        .hits.map((hit) => hit.file)
        .sort(),
    ).toEqual(['src/App.tsx', 'src/Program.cs']);
    expect(outcome.message).toContain('1 unreadable file(s) or directory skipped');
  });
});
