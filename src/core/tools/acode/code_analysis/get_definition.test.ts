import { describe, expect, it } from 'vitest';
import { createTestBench } from '../../support/context.test-support';
import { ANALYSIS_PROJECT } from './fixtures.test-support';
import { tool as getDefinition } from './get_definition';

const definitionOf = (outcome: Awaited<ReturnType<typeof getDefinition.run>>) => {
  if (outcome.data?.kind !== 'definition') throw new Error(`expected definition, got ${JSON.stringify(outcome)}`);
  return outcome.data;
};

describe('get_definition', () => {
  it('follows a use to a class defined in another file', async () => {
    const bench = await createTestBench(ANALYSIS_PROJECT);
    // app.ts line 4: "const service = new UserService(new Database());" — column 21 is the U of UserService.
    const outcome = await bench.run(getDefinition, { file_path: 'src/app.ts', line: 4, column: 25 });
    expect(outcome.success).toBe(true);
    expect(definitionOf(outcome)).toEqual({
      kind: 'definition',
      symbol: 'UserService',
      definition: {
        file: 'src/services/UserService.ts',
        line: 4,
        column: 14,
        kind: 'class',
        name: 'UserService',
        text: 'export class UserService {',
      },
    });
    const database = definitionOf(await bench.run(getDefinition, { file_path: 'src/app.ts', line: 4, column: 37 }));
    expect(database.definition).toMatchObject({ file: 'src/data/database.ts', line: 2, kind: 'class' });
  });

  it('resolves a method called through an object across files', async () => {
    const bench = await createTestBench(ANALYSIS_PROJECT);
    const data = definitionOf(await bench.run(getDefinition, { file_path: 'src/app.ts', line: 5, column: 10 }));
    expect(data.symbol).toBe('authenticate');
    expect(data.definition).toMatchObject({ file: 'src/services/UserService.ts', line: 12, kind: 'method' });
  });

  it('prefers the same file, and the innermost scope within it', async () => {
    const bench = await createTestBench(ANALYSIS_PROJECT);
    // UserService.ts line 14: "return user !== null && verifyPasswordHash(password, user.passwordHash);"
    const local = definitionOf(
      await bench.run(getDefinition, { file_path: 'src/services/UserService.ts', line: 14, column: 12 }),
    );
    expect(local.definition).toMatchObject({ name: 'user', line: 13, kind: 'constant' });
    const helper = definitionOf(
      await bench.run(getDefinition, { file_path: 'src/services/UserService.ts', line: 14, column: 30 }),
    );
    expect(helper.definition).toMatchObject({ name: 'verifyPasswordHash', line: 20, kind: 'function' });
    const parameter = definitionOf(
      await bench.run(getDefinition, { file_path: 'src/services/UserService.ts', line: 14, column: 50 }),
    );
    expect(parameter.definition).toMatchObject({ name: 'password', line: 12, kind: 'parameter' });
    const method = definitionOf(
      await bench.run(getDefinition, { file_path: 'src/services/UserService.ts', line: 13, column: 35 }),
    );
    expect(method.definition).toMatchObject({ name: 'findUser', line: 7, kind: 'method' });
  });

  it('works in Python and C#', async () => {
    const bench = await createTestBench(ANALYSIS_PROJECT);
    const pythonFunction = definitionOf(
      await bench.run(getDefinition, { file_path: 'tools/report.py', line: 14, column: 27 }),
    );
    expect(pythonFunction.definition).toMatchObject({ name: 'format_row', line: 17, kind: 'function' });
    const pythonClass = definitionOf(
      await bench.run(getDefinition, { file_path: 'tools/report.py', line: 21, column: 12 }),
    );
    expect(pythonClass.definition).toMatchObject({ name: 'ReportBuilder', line: 5, kind: 'class' });
    const csharpField = definitionOf(
      await bench.run(getDefinition, { file_path: 'Backend/Services/OrderService.cs', line: 11, column: 40 }),
    );
    expect(csharpField.definition).toMatchObject({ name: 'connectionString', line: 5, kind: 'field' });
    const csharpLocal = definitionOf(
      await bench.run(getDefinition, { file_path: 'Backend/Services/OrderService.cs', line: 11, column: 16 }),
    );
    expect(csharpLocal.definition).toMatchObject({ name: 'trimmed', line: 10, kind: 'variable' });
  });

  it('returns the definition itself when pointed at one, and accepts a cursor just after a name', async () => {
    const bench = await createTestBench(ANALYSIS_PROJECT);
    const itself = definitionOf(
      await bench.run(getDefinition, { file_path: 'src/data/database.ts', line: 2, column: 14 }),
    );
    expect(itself.definition).toMatchObject({ name: 'Database', line: 2, column: 14 });
    // "export class Database {" — column 22 is the space right after the name.
    const after = definitionOf(
      await bench.run(getDefinition, { file_path: 'src/data/database.ts', line: 2, column: 22 }),
    );
    expect(after.symbol).toBe('Database');
  });

  it('reports symbol_not_found when nothing or nothing known is there', async () => {
    const bench = await createTestBench(ANALYSIS_PROJECT);
    const blank = await bench.run(getDefinition, { file_path: 'src/app.ts', line: 3, column: 1 });
    expect(blank.success).toBe(false);
    expect(blank.errorCode).toBe('symbol_not_found');
    expect(blank.error).toContain('No identifier at src/app.ts:3:1');
    // console is a global from the platform, defined nowhere in the workspace.
    const external = await bench.run(getDefinition, { file_path: 'src/app.ts', line: 5, column: 53 });
    expect(external.errorCode).toBe('symbol_not_found');
    expect(external.error).toContain("'console'");
  });

  it('rejects bad positions, unsupported files and paths outside the workspace', async () => {
    const bench = await createTestBench(ANALYSIS_PROJECT);
    const past = await bench.run(getDefinition, { file_path: 'src/app.ts', line: 99, column: 1 });
    expect(past.errorCode).toBe('validation_failed');
    expect(past.error).toContain("'line'");
    expect(
      (await bench.run(getDefinition, { file_path: 'docs/error-handling.md', line: 1, column: 3 })).errorCode,
    ).toBe('unsupported_language');
    expect((await bench.run(getDefinition, { file_path: '../secret.ts', line: 1, column: 1 })).errorCode).toBe(
      'path_outside_workspace',
    );
    expect((await bench.run(getDefinition, { file_path: 'src/missing.ts', line: 1, column: 1 })).errorCode).toBe(
      'path_not_found',
    );
    expect((await bench.run(getDefinition, { file_path: 'src', line: 1, column: 1 })).errorCode).toBe('is_a_directory');
  });

  it('summarizes a call', () => {
    expect(getDefinition.summarize({ file_path: 'src/app.ts', line: 4, column: 25 })).toBe(
      "Go to definition at 'src/app.ts:4:25'",
    );
  });
});
