// The specification's own examples for the code-analysis tools, run against the sample project.
import { beforeAll, describe, expect, it } from 'vitest';
import type { ToolContext, ToolOutcome } from '../../../runtime/types';
import { createSampleWorkspace } from '../../../workspace/sample';
import type { WorkspaceImpl } from '../../../workspace/workspace';
import { tool as findSymbol } from './find_symbol';
import { tool as getDefinition } from './get_definition';
import { tool as semanticSearch } from './semantic_search';

let workspace: WorkspaceImpl;
const context = (): ToolContext => ({
  workspace,
  signal: new AbortController().signal,
  timeoutMs: 30_000,
  reportProgress: () => undefined,
  interaction: { ask: async () => '', confirm: async () => true },
});

function dataOf<K extends NonNullable<ToolOutcome['data']>['kind']>(
  outcome: ToolOutcome,
  kind: K,
): Extract<NonNullable<ToolOutcome['data']>, { kind: K }> {
  if (outcome.data?.kind !== kind) throw new Error(`expected ${kind}, got ${JSON.stringify(outcome)}`);
  return outcome.data as Extract<NonNullable<ToolOutcome['data']>, { kind: K }>;
}

beforeAll(async () => {
  workspace = await createSampleWorkspace();
});

describe('code analysis on the sample project', () => {
  it('semantic_search: "user authentication and login handling" ranks the auth service first', async () => {
    const hits = dataOf(
      await semanticSearch.run({ query: 'user authentication and login handling' }, context()),
      'semantic_hits',
    ).hits;
    expect(hits).toHaveLength(20);
    expect(hits[0]!.file).toBe('src/Services/AuthService.cs');
    expect(hits.slice(0, 5).map((hit) => hit.file)).toContain('src/Middleware/AuthenticationMiddleware.cs');
  });

  it('semantic_search: "database connection pooling" within src/infrastructure', async () => {
    const outcome = await semanticSearch.run(
      { query: 'database connection pooling', scope: 'directory', path: 'src/infrastructure' },
      context(),
    );
    const hits = dataOf(outcome, 'semantic_hits').hits;
    expect(hits[0]).toMatchObject({ file: 'src/infrastructure/ConnectionPool.cs', startLine: 1 });
    expect(hits.every((hit) => hit.file.startsWith('src/infrastructure/'))).toBe(true);
  });

  it('semantic_search: "error handling" finds the error middleware', async () => {
    const hits = dataOf(
      await semanticSearch.run({ query: 'error handling', max_results: 50 }, context()),
      'semantic_hits',
    ).hits;
    expect(hits[0]!.file).toBe('src/Middleware/ErrorHandlingMiddleware.cs');
    expect(hits[0]!.snippet).toContain('Error handling');
  });

  it('find_symbol: UserService in C# and TypeScript, without its constructor', async () => {
    const definitions = dataOf(await findSymbol.run({ symbol_name: 'UserService' }, context()), 'symbols').definitions;
    expect(definitions.map((definition) => `${definition.file}:${definition.line} ${definition.kind}`)).toEqual([
      'src/Services/UserService.cs:13 class',
      'src/UserService.cs:9 class',
      'src/api/userService.ts:15 class',
    ]);
  });

  it('find_symbol: HandleLogin as a method, and DbContext with its references', async () => {
    const handleLogin = dataOf(
      await findSymbol.run({ symbol_name: 'HandleLogin', symbol_type: 'method' }, context()),
      'symbols',
    );
    expect(handleLogin.definitions).toMatchObject([{ file: 'src/Services/AuthService.cs', line: 32, kind: 'method' }]);
    const dbContext = dataOf(
      await findSymbol.run({ symbol_name: 'DbContext', include_references: true }, context()),
      'symbols',
    );
    expect(dbContext.definitions).toMatchObject([{ file: 'src/infrastructure/DbContext.cs', kind: 'class' }]);
    expect(dbContext.references.length).toBeGreaterThan(0);
    expect(dbContext.references.map((reference) => reference.file)).toContain('tests/Integration/DbContextTests.cs');
  });

  it('get_definition: the examples resolve to a field in the same file and a class in another', async () => {
    const field = dataOf(
      await getDefinition.run({ file_path: 'src/Services/UserService.cs', line: 25, column: 10 }, context()),
      'definition',
    );
    expect(field.definition).toMatchObject({ file: 'src/Services/UserService.cs', kind: 'field', name: '_repository' });
    const factory = dataOf(
      await getDefinition.run({ file_path: 'tests/UserTests.cs', line: 15, column: 20 }, context()),
      'definition',
    );
    expect(factory.definition).toMatchObject({
      file: 'tests/Helpers/UserFactory.cs',
      kind: 'class',
      name: 'UserFactory',
    });
  });
});
