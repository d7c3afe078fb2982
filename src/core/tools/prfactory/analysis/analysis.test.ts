import { describe, expect, it } from 'vitest';
import { createTestBench } from '../../support/context.test-support';
import { dataOf } from '../bench.test-support';
import { tool as codeSearch } from './code_search';
import { tool as dependencyMap } from './dependency_map';
import { tool as findReferences } from './find_references';
import { tool as parseAst } from './parse_ast';

const project = {
  'src/UserService.cs':
    'namespace App;\npublic interface IUserService { }\npublic class UserService : IUserService {\n  public User GetUser(int id) { return null; }\n  private void Audit(string what) { }\n}\n',
  'web/stats.ts':
    "import { labels } from './labels';\nexport function countOpen(tasks: { done: boolean }[]) {\n  // countOpen is documented here\n  return tasks.filter((task) => !task.done).length + labels.length;\n}\nconst total = countOpen([]);\n",
  'web/labels.ts': 'export const labels: string[] = [];\n',
  'web/package.json': '{ "dependencies": { "react": "^19.0.0" }, "devDependencies": { "vitest": "^3.0.0" } }',
  'App.csproj': '<Project><ItemGroup><PackageReference Include="Serilog" Version="4.0.0" /></ItemGroup></Project>',
};

describe('CodeSearch', () => {
  it('finds C# definitions by the seed patterns, and says when there are none', async () => {
    const bench = await createTestBench(project);
    const found = await bench.run(codeSearch, { query: 'UserService' });
    expect(dataOf(found, 'search_hits').hits.map((hit) => hit.line)).toEqual([3]);
    expect(
      dataOf(await bench.run(codeSearch, { query: 'GetUser' }), 'search_hits').hits.map((hit) => hit.line),
    ).toEqual([4]);
    expect((await bench.run(codeSearch, { query: 'Nothing' })).message).toBe("No results found for 'Nothing'");
  });

  it('takes the query literally: regex characters cannot widen or break the search', async () => {
    const bench = await createTestBench(project);
    const outcome = await bench.run(codeSearch, { query: '.*' });
    expect(outcome.success).toBe(true);
    expect(dataOf(outcome, 'search_hits').hits).toEqual([]);
    expect((await bench.run(codeSearch, { query: '(a+)+' })).success).toBe(true);
  });

  it('searches TypeScript with its own patterns', async () => {
    const bench = await createTestBench(project);
    expect(
      dataOf(await bench.run(codeSearch, { query: 'countOpen', language: 'typescript' }), 'search_hits').hits.map(
        (hit) => `${hit.file}:${hit.line}`,
      ),
    ).toEqual(['web/stats.ts:2']);
  });
});

describe('FindReferences', () => {
  it('finds uses from the syntax tree, not from comments', async () => {
    const bench = await createTestBench(project);
    const data = dataOf(await bench.run(findReferences, { symbol: 'countOpen' }), 'symbols');
    expect(data.definitions.map((location) => `${location.file}:${location.line}`)).toEqual(['web/stats.ts:2']);
    expect(data.references.map((location) => `${location.file}:${location.line}`)).toEqual(['web/stats.ts:6']);
  });
});

describe('ParseAST', () => {
  it('shows the tree to a depth, and refuses files without a grammar', async () => {
    const bench = await createTestBench(project);
    const outcome = await bench.run(parseAst, { filePath: 'web/labels.ts', maxDepth: 3 });
    const lines = dataOf(outcome, 'output').text.split('\n');
    expect(lines[0]).toMatch(/^program \[1:1-2:1\]$/);
    expect(lines[1]).toMatch(/^ {2}export_statement/);
    expect(lines.every((line) => /^( {2}){0,2}\S/.test(line))).toBe(true);
    expect((await bench.run(parseAst, { filePath: 'web/package.json' })).errorCode).toBe('unsupported_language');
  });
});

describe('DependencyMap', () => {
  it('lists declared packages and the imports between the project files', async () => {
    const bench = await createTestBench(project);
    const map = JSON.parse(dataOf(await bench.run(dependencyMap, {}), 'output').text) as {
      packages: { name: string; kind: string }[];
      internal: Record<string, string[]>;
    };
    expect(map.packages.map((entry) => `${entry.kind}:${entry.name}`)).toEqual([
      'PackageReference:Serilog',
      'dependencies:react',
      'devDependencies:vitest',
    ]);
    expect(map.internal).toEqual({ 'web/stats.ts': ['web/labels.ts'] });
    const packagesOnly = JSON.parse(
      dataOf(await bench.run(dependencyMap, { includeInternal: false }), 'output').text,
    ) as Record<string, unknown>;
    expect(packagesOnly).not.toHaveProperty('internal');
  });
});
