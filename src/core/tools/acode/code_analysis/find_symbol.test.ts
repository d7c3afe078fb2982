import { describe, expect, it } from 'vitest';
import { createTestBench } from '../../support/context.test-support';
import { ANALYSIS_PROJECT } from './fixtures.test-support';
import { tool as findSymbol } from './find_symbol';

const symbols = (outcome: Awaited<ReturnType<typeof findSymbol.run>>) => {
  if (outcome.data?.kind !== 'symbols') throw new Error(`expected symbols, got ${JSON.stringify(outcome)}`);
  return outcome.data;
};

describe('find_symbol', () => {
  it('finds a TypeScript class definition with its line of source', async () => {
    const bench = await createTestBench(ANALYSIS_PROJECT);
    const outcome = await bench.run(findSymbol, { symbol_name: 'UserService' });
    expect(outcome.success).toBe(true);
    expect(symbols(outcome).definitions).toEqual([
      {
        file: 'src/services/UserService.ts',
        line: 4,
        column: 14,
        kind: 'class',
        name: 'UserService',
        text: 'export class UserService {',
      },
    ]);
    expect(symbols(outcome).references).toEqual([]);
  });

  it('lists references across files when asked', async () => {
    const bench = await createTestBench(ANALYSIS_PROJECT);
    const data = symbols(await bench.run(findSymbol, { symbol_name: 'UserService', include_references: true }));
    expect(data.references.map((reference) => `${reference.file}:${reference.line}:${reference.column}`)).toEqual([
      'src/app.ts:1:10',
      'src/app.ts:4:21',
    ]);
    expect(data.references.every((reference) => reference.kind === 'reference')).toBe(true);
  });

  it('filters by symbol_type', async () => {
    const bench = await createTestBench(ANALYSIS_PROJECT);
    expect(
      symbols(await bench.run(findSymbol, { symbol_name: 'findUser', symbol_type: 'method' })).definitions,
    ).toHaveLength(1);
    const asClass = await bench.run(findSymbol, { symbol_name: 'findUser', symbol_type: 'class' });
    expect(asClass.success).toBe(false);
    expect(asClass.errorCode).toBe('symbol_not_found');
    expect(
      symbols(await bench.run(findSymbol, { symbol_name: 'User', symbol_type: 'interface' })).definitions[0],
    ).toMatchObject({ line: 18, kind: 'interface' });
    expect(
      symbols(await bench.run(findSymbol, { symbol_name: 'verifyPasswordHash', symbol_type: 'function' }))
        .definitions[0],
    ).toMatchObject({ line: 20 });
  });

  it('finds Python classes, methods, functions and module variables', async () => {
    const bench = await createTestBench(ANALYSIS_PROJECT);
    expect(
      symbols(await bench.run(findSymbol, { symbol_name: 'ReportBuilder', symbol_type: 'class' })).definitions[0],
    ).toMatchObject({ file: 'tools/report.py', line: 5, column: 7 });
    expect(
      symbols(await bench.run(findSymbol, { symbol_name: 'build', symbol_type: 'method' })).definitions[0],
    ).toMatchObject({ line: 11, kind: 'method' });
    expect(
      symbols(await bench.run(findSymbol, { symbol_name: 'format_row', symbol_type: 'function' })).definitions[0],
    ).toMatchObject({ line: 17 });
    expect(
      symbols(await bench.run(findSymbol, { symbol_name: 'LOG_LEVEL', symbol_type: 'variable' })).definitions[0],
    ).toMatchObject({ line: 3, kind: 'constant' });
    const formatRow = symbols(await bench.run(findSymbol, { symbol_name: 'format_row', include_references: true }));
    expect(formatRow.references).toMatchObject([{ file: 'tools/report.py', line: 14 }]);
  });

  it('finds C# classes, methods, properties and fields', async () => {
    const bench = await createTestBench(ANALYSIS_PROJECT);
    const handleLogin = symbols(await bench.run(findSymbol, { symbol_name: 'HandleLogin', symbol_type: 'method' }));
    expect(handleLogin.definitions.map((definition) => definition.line)).toEqual([8, 17]);
    expect(symbols(await bench.run(findSymbol, { symbol_name: 'OrderService.HandleLogin' })).definitions).toMatchObject(
      [{ line: 8 }],
    );
    expect(
      symbols(await bench.run(findSymbol, { symbol_name: 'RetryCount', symbol_type: 'property' })).definitions,
    ).toMatchObject([{ kind: 'property', line: 6 }]);
    const field = symbols(
      await bench.run(findSymbol, {
        symbol_name: 'connectionString',
        symbol_type: 'variable',
        include_references: true,
      }),
    );
    expect(field.definitions).toMatchObject([{ kind: 'field', line: 5 }]);
    expect(field.references).toMatchObject([{ line: 11 }]);
  });

  it('limits the search to a path', async () => {
    const bench = await createTestBench(ANALYSIS_PROJECT);
    const inData = await bench.run(findSymbol, { symbol_name: 'Database', path: 'src/data', include_references: true });
    expect(symbols(inData).definitions).toHaveLength(1);
    expect(symbols(inData).references).toEqual([]);
    const elsewhere = await bench.run(findSymbol, { symbol_name: 'Database', path: 'tools' });
    expect(elsewhere.errorCode).toBe('symbol_not_found');
    expect(elsewhere.error).toContain("'tools/'");
  });

  it('falls back to a case-insensitive match and says so', async () => {
    const bench = await createTestBench(ANALYSIS_PROJECT);
    const outcome = await bench.run(findSymbol, { symbol_name: 'userservice' });
    expect(symbols(outcome).definitions).toHaveLength(1);
    expect(outcome.message).toContain('ignoring case');
  });

  it('sees edits made after an earlier search', async () => {
    const bench = await createTestBench(ANALYSIS_PROJECT);
    expect((await bench.run(findSymbol, { symbol_name: 'PaymentGateway' })).errorCode).toBe('symbol_not_found');
    await bench.write('src/payments.ts', 'export class PaymentGateway {}\n');
    expect(symbols(await bench.run(findSymbol, { symbol_name: 'PaymentGateway' })).definitions).toMatchObject([
      { file: 'src/payments.ts', line: 1 },
    ]);
  });

  it('refuses a path outside the workspace or missing', async () => {
    const bench = await createTestBench(ANALYSIS_PROJECT);
    expect((await bench.run(findSymbol, { symbol_name: 'x', path: '../etc' })).errorCode).toBe(
      'path_outside_workspace',
    );
    expect((await bench.run(findSymbol, { symbol_name: 'x', path: 'nope' })).errorCode).toBe('path_not_found');
    expect((await bench.run(findSymbol, { symbol_name: 'x', symbol_type: 'module' })).error).toContain("'symbol_type'");
  });

  it('summarizes a call', () => {
    expect(findSymbol.summarize({ symbol_name: 'UserService', symbol_type: 'class', include_references: true })).toBe(
      "Find class 'UserService' with references",
    );
  });
});
