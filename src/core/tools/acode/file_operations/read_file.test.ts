import { describe, expect, it } from 'vitest';
import { createTestBench } from '../../support/context.test-support';
import { tool as readFile } from './read_file';
import { tool as writeFile } from './write_file';

const fileContent = (outcome: Awaited<ReturnType<typeof readFile.run>>) => {
  if (outcome.data?.kind !== 'file_content') throw new Error(`expected file_content, got ${JSON.stringify(outcome)}`);
  return outcome.data;
};

describe('read_file', () => {
  it('reads a whole file exactly', async () => {
    const bench = await createTestBench({ 'README.md': '# Title\nline two\n' });
    const outcome = await bench.run(readFile, { path: 'README.md' });
    expect(outcome.success).toBe(true);
    const data = fileContent(outcome);
    expect(data.content).toBe('# Title\nline two\n');
    expect(data.totalLines).toBe(2);
    expect(data.path).toBe('README.md');
    expect(data.encoding).toBe('utf-8');
  });

  it('reads an inclusive 1-based line range', async () => {
    const bench = await createTestBench({ 'a.txt': 'one\ntwo\nthree\nfour\n' });
    const data = fileContent(await bench.run(readFile, { path: 'a.txt', start_line: 2, end_line: 3 }));
    expect(data.content).toBe('two\nthree\n');
    expect([data.startLine, data.endLine, data.totalLines]).toEqual([2, 3, 4]);
    expect(fileContent(await bench.run(readFile, { path: 'a.txt', start_line: 4 })).content).toBe('four\n');
    expect(fileContent(await bench.run(readFile, { path: 'a.txt', end_line: 1 })).content).toBe('one\n');
  });

  it('clamps an end beyond the file and reports a start beyond it', async () => {
    const bench = await createTestBench({ 'a.txt': 'one\ntwo' });
    const clamped = await bench.run(readFile, { path: 'a.txt', start_line: 2, end_line: 50 });
    expect(fileContent(clamped).content).toBe('two');
    expect(fileContent(clamped).endLine).toBe(2);
    expect(clamped.message).toContain('past the end');
    const beyond = await bench.run(readFile, { path: 'a.txt', start_line: 10 });
    expect(beyond.success).toBe(true);
    expect(fileContent(beyond).content).toBe('');
    expect(beyond.message).toContain('has 2 line(s)');
  });

  it('refuses end_line before start_line', async () => {
    const bench = await createTestBench({ 'a.txt': 'x\n' });
    const outcome = await bench.run(readFile, { path: 'a.txt', start_line: 5, end_line: 3 });
    expect(outcome.errorCode).toBe('validation_failed');
    expect(outcome.validationErrors?.[0]?.parameter).toBe('end_line');
  });

  it('reads an empty file', async () => {
    const bench = await createTestBench({ 'empty.txt': '' });
    const data = fileContent(await bench.run(readFile, { path: 'empty.txt' }));
    expect(data.content).toBe('');
    expect(data.totalLines).toBe(0);
  });

  it('decodes ascii strictly, naming the offending line', async () => {
    const bench = await createTestBench({ 'data.txt': new Uint8Array([0x61, 0x0a, 0x62, 0xe9, 0x0a]) });
    const outcome = await bench.run(readFile, { path: 'data.txt', encoding: 'ascii' });
    expect(outcome.errorCode).toBe('encoding_error');
    expect(outcome.error).toContain('line 2');
    await bench.write('plain.txt', 'plain ascii');
    expect(fileContent(await bench.run(readFile, { path: 'plain.txt', encoding: 'ascii' })).content).toBe(
      'plain ascii',
    );
  });

  it('decodes utf-16 with either byte-order mark', async () => {
    const littleEndian = new Uint8Array([0xff, 0xfe, 0x48, 0x00, 0x69, 0x00, 0xac, 0x20]);
    const bigEndian = new Uint8Array([0xfe, 0xff, 0x00, 0x48, 0x00, 0x69, 0x20, 0xac]);
    const bench = await createTestBench({ 'le.txt': littleEndian, 'be.txt': bigEndian });
    expect(fileContent(await bench.run(readFile, { path: 'le.txt', encoding: 'utf-16' })).content).toBe('Hi€');
    expect(fileContent(await bench.run(readFile, { path: 'be.txt', encoding: 'utf-16' })).content).toBe('Hi€');
  });

  it('replaces invalid utf-8 and says so', async () => {
    const bench = await createTestBench({ 'latin.txt': new Uint8Array([0x63, 0x61, 0x66, 0xe9]) });
    const outcome = await bench.run(readFile, { path: 'latin.txt' });
    expect(fileContent(outcome).content).toBe('caf\uFFFD');
    expect(outcome.message).toContain('1 invalid byte sequence');
  });

  it('refuses directories, missing files, traversal and absolute paths outside', async () => {
    const bench = await createTestBench({ 'src/a.ts': 'x' });
    expect((await bench.run(readFile, { path: 'src' })).errorCode).toBe('is_a_directory');
    const missing = await bench.run(readFile, { path: 'nope.txt' });
    expect(missing.errorCode).toBe('path_not_found');
    expect(missing.error).toContain("'path'");
    expect((await bench.run(readFile, { path: '../../etc/passwd' })).errorCode).toBe('path_outside_workspace');
    expect((await bench.run(readFile, { path: '/etc/passwd' })).errorCode).toBe('path_outside_workspace');
  });

  it('refuses files over 10 MB', async () => {
    const bench = await createTestBench({ 'big.log': new Uint8Array(11 * 1024 * 1024).fill(0x78) });
    const outcome = await bench.run(readFile, { path: 'big.log' });
    expect(outcome.errorCode).toBe('file_too_large');
    expect(outcome.error).toContain('10 MB');
  });

  it('round-trips write then read in every encoding', async () => {
    const bench = await createTestBench();
    const samples: [string, string][] = [
      ['utf-8', 'Integration test content\nwith ünïcödé ✓\r\nand no final newline'],
      ['utf-16', 'Windows text ✓\r\n'],
      ['ascii', 'legacy text\n'],
    ];
    for (const [encoding, content] of samples) {
      const path = `round/${encoding}.txt`;
      const written = await bench.run(writeFile, { path, content, encoding, create_directories: true });
      expect(written.success).toBe(true);
      expect(fileContent(await bench.run(readFile, { path, encoding })).content).toBe(content);
    }
  });

  it('summarizes with the line range', () => {
    expect(readFile.summarize({ path: 'README.md', start_line: 1, end_line: 100 })).toBe(
      "Read 'README.md' (lines 1–100)",
    );
    expect(readFile.summarize({ path: 'README.md' })).toBe("Read 'README.md'");
  });
});
