import { describe, expect, it } from 'vitest';
import { createTestBench } from '../../support/context.test-support';
import { ANALYSIS_PROJECT } from './fixtures.test-support';
import { chunkSource, processTerm, stem, tokenize } from './semantic-index';
import { tool as semanticSearch } from './semantic_search';

const hitsOf = (outcome: Awaited<ReturnType<typeof semanticSearch.run>>) => {
  if (outcome.data?.kind !== 'semantic_hits') throw new Error(`expected semantic_hits, got ${JSON.stringify(outcome)}`);
  return outcome.data.hits;
};

describe('semantic index helpers', () => {
  it('splits identifiers into words', () => {
    expect(tokenize('UserService.findUser(user_id, HTTPServer)')).toEqual([
      'User',
      'Service',
      'UserService',
      'find',
      'User',
      'findUser',
      'user',
      'id',
      'userid',
      'HTTP',
      'Server',
      'HTTPServer',
    ]);
  });

  it('stems words so related forms meet', () => {
    expect(stem('handling')).toBe(stem('handler'));
    expect(stem('handle')).toBe(stem('handled'));
    expect(stem('logging')).toBe('log');
    expect(stem('connections')).toBe(stem('connect'));
    expect(stem('users')).toBe('user');
    expect(stem('process')).toBe('process');
    expect(processTerm('The')).toBeNull();
    expect(processTerm('x')).toBeNull();
  });

  it('cuts long files into chunks at definitions and blank lines', () => {
    const functions = Array.from({ length: 6 }, (_, index) =>
      [`function step${index}() {`, ...Array.from({ length: 12 }, (__, line) => `  work(${line});`), '}', ''].join(
        '\n',
      ),
    );
    const chunks = chunkSource('steps.ts', functions.join('\n'));
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks) {
      expect(chunk.endLine - chunk.startLine + 1).toBeLessThanOrEqual(60);
      expect(chunk.text.split('\n')[0]).toMatch(/^function step\d\(\)/);
    }
    expect(chunks[0]!.startLine).toBe(1);
    expect(chunks[chunks.length - 1]!.endLine).toBe(6 * 15 - 1);
    expect(chunks[0]!.symbols).toContain('step0');
  });
});

describe('semantic_search', () => {
  it('finds code by words split from identifiers and ranks the best chunk first', async () => {
    const bench = await createTestBench(ANALYSIS_PROJECT);
    const outcome = await bench.run(semanticSearch, { query: 'user authentication password check' });
    expect(outcome.success).toBe(true);
    const hits = hitsOf(outcome);
    expect(hits[0]).toMatchObject({ file: 'src/services/UserService.ts', startLine: 1 });
    expect(hits[0]!.snippet).toMatch(/authenticate|password/i);
    expect(hits[0]!.score).toBeGreaterThan(0);
    for (let index = 1; index < hits.length; index++)
      expect(hits[index]!.score).toBeLessThanOrEqual(hits[index - 1]!.score);
    expect(outcome.message).toContain('src/services/UserService.ts:1-');
  });

  it('matches "user service" to UserService and "connection pool" to connectionPool', async () => {
    const bench = await createTestBench(ANALYSIS_PROJECT);
    expect(hitsOf(await bench.run(semanticSearch, { query: 'user service' }))[0]!.file).toBe(
      'src/services/UserService.ts',
    );
    const pooling = hitsOf(await bench.run(semanticSearch, { query: 'database connection pooling' }));
    expect(pooling[0]!.file).toBe('src/data/database.ts');
    expect(pooling[0]!.snippet).toContain('onnection');
  });

  it('searches prose and Python too', async () => {
    const bench = await createTestBench(ANALYSIS_PROJECT);
    expect(hitsOf(await bench.run(semanticSearch, { query: 'error handling and logging' }))[0]!.file).toBe(
      'docs/error-handling.md',
    );
    expect(hitsOf(await bench.run(semanticSearch, { query: 'build weekly report rows' }))[0]!.file).toBe(
      'tools/report.py',
    );
  });

  it('respects directory and file scope, and max_results', async () => {
    const bench = await createTestBench(ANALYSIS_PROJECT);
    const inData = hitsOf(
      await bench.run(semanticSearch, { query: 'user database query', scope: 'directory', path: 'src/data' }),
    );
    expect(inData.length).toBeGreaterThan(0);
    expect(inData.every((hit) => hit.file.startsWith('src/data/'))).toBe(true);
    const inFile = hitsOf(
      await bench.run(semanticSearch, { query: 'user database query', scope: 'file', path: 'src/app.ts' }),
    );
    expect(inFile.every((hit) => hit.file === 'src/app.ts')).toBe(true);
    const byPath = hitsOf(await bench.run(semanticSearch, { query: 'user database query', path: 'tools' }));
    expect(byPath.every((hit) => hit.file.startsWith('tools/'))).toBe(true);
    expect(hitsOf(await bench.run(semanticSearch, { query: 'user database query', max_results: 1 }))).toHaveLength(1);
  });

  it('sees new, changed and deleted files on the next search', async () => {
    const bench = await createTestBench(ANALYSIS_PROJECT);
    expect(hitsOf(await bench.run(semanticSearch, { query: 'invoice payment gateway' }))).toEqual([]);
    await bench.write(
      'src/billing.ts',
      'export function chargeInvoice(paymentGateway: Gateway) {\n  return paymentGateway.charge();\n}\n',
    );
    expect(hitsOf(await bench.run(semanticSearch, { query: 'invoice payment gateway' }))[0]!.file).toBe(
      'src/billing.ts',
    );
    await bench.workspace.remove('src/billing.ts');
    expect(hitsOf(await bench.run(semanticSearch, { query: 'invoice payment gateway' }))).toEqual([]);
  });

  it('rejects a scope that does not fit the path, and a missing path', async () => {
    const bench = await createTestBench(ANALYSIS_PROJECT);
    const needsPath = await bench.run(semanticSearch, { query: 'user service', scope: 'directory' });
    expect(needsPath.success).toBe(false);
    expect(needsPath.error).toContain("'path'");
    expect((await bench.run(semanticSearch, { query: 'user service', scope: 'file', path: 'src' })).errorCode).toBe(
      'not_a_file',
    );
    expect(
      (await bench.run(semanticSearch, { query: 'user service', scope: 'directory', path: 'src/app.ts' })).errorCode,
    ).toBe('not_a_directory');
    expect((await bench.run(semanticSearch, { query: 'user service', path: '/etc' })).errorCode).toBe(
      'path_outside_workspace',
    );
    expect((await bench.run(semanticSearch, { query: 'the and of' })).error).toContain('no searchable words');
  });

  it('summarizes a call', () => {
    expect(
      semanticSearch.summarize({
        query: 'database connection pooling',
        scope: 'directory',
        path: 'src/infrastructure',
      }),
    ).toBe("Search code for 'database connection pooling' in 'src/infrastructure'");
  });
});
