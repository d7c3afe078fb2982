import { describe, expect, it } from 'vitest';
import { grammarLanguageForPath } from './grammar-loader';
import { GRAMMAR_LANGUAGES } from './grammar-loader';
import { DEFINITION_KINDS, outlineSource, type FileOutline } from './outline';
import { parserService } from './parser-service';

const find = (outline: FileOutline, name: string) =>
  outline.definitions.filter((definition) => definition.name === name);

describe('grammarLanguageForPath', () => {
  it('maps extensions to grammars', () => {
    expect(grammarLanguageForPath('src/a.ts')).toBe('typescript');
    expect(grammarLanguageForPath('src/App.tsx')).toBe('tsx');
    expect(grammarLanguageForPath('lib/util.js')).toBe('typescript');
    expect(grammarLanguageForPath('tools/run.py')).toBe('python');
    expect(grammarLanguageForPath('Services/UserService.cs')).toBe('csharp');
    expect(grammarLanguageForPath('README.md')).toBeNull();
    expect(grammarLanguageForPath('Makefile')).toBeNull();
  });
});

describe('tag queries', () => {
  it('capture only known kinds, and together every kind the outline reports', async () => {
    const known = new Set<string>(DEFINITION_KINDS);
    const captured = new Set<string>();
    for (const language of GRAMMAR_LANGUAGES) {
      const { captureNames } = await parserService.getTagsQuery(language);
      for (const name of captureNames) {
        if (!name.startsWith('definition.')) continue;
        expect(known, `${language}: @${name}`).toContain(name.slice('definition.'.length));
        captured.add(name.slice('definition.'.length));
      }
      expect(captureNames).toEqual(
        expect.arrayContaining(['name', 'reference', 'scope.type', 'scope.function', 'scope.name']),
      );
    }
    expect([...captured].sort()).toEqual([...DEFINITION_KINDS].sort());
  });
});

describe('outlineSource', () => {
  it('reads TypeScript definitions and references', async () => {
    const source = [
      'export class UserService implements Service {',
      '  private readonly cache = new Map<string, User>();',
      '  constructor(private store: Store) {}',
      '  async findUser(id: string): Promise<User> {',
      '    const cached = this.cache.get(id);',
      '    return cached ?? this.store.load(id);',
      '  }',
      '}',
      'interface Service { findUser(id: string): Promise<User>; name: string }',
      'enum Role { Admin, Guest }',
      'type User = { id: string };',
      'export function createService(store: Store) { return new UserService(store); }',
      'export const handler = (event: string) => event.length;',
      'let counter = 0;',
    ].join('\n');
    const outline = await outlineSource('typescript', source);
    expect(find(outline, 'UserService')).toMatchObject([{ kind: 'class', line: 1, column: 14, container: null }]);
    expect(find(outline, 'cache')).toMatchObject([{ kind: 'property', container: 'UserService' }]);
    expect(find(outline, 'constructor')).toMatchObject([{ kind: 'constructor' }]);
    expect(find(outline, 'findUser').map((definition) => definition.kind)).toEqual(['method', 'method']);
    expect(find(outline, 'cached')).toMatchObject([
      { kind: 'constant', container: 'findUser', scopeStartLine: 4, scopeEndLine: 7 },
    ]);
    expect(find(outline, 'id').map((definition) => definition.kind)).toEqual(['parameter', 'parameter', 'property']);
    expect(find(outline, 'Service')).toMatchObject([{ kind: 'interface', line: 9 }]);
    expect(find(outline, 'Role')).toMatchObject([{ kind: 'enum' }]);
    expect(find(outline, 'Admin')).toMatchObject([{ kind: 'enum_member', container: 'Role' }]);
    expect(find(outline, 'User')).toMatchObject([{ kind: 'type', line: 11 }]);
    expect(find(outline, 'createService')).toMatchObject([{ kind: 'function' }]);
    expect(find(outline, 'handler')).toMatchObject([{ kind: 'function' }]);
    expect(find(outline, 'counter')).toMatchObject([{ kind: 'variable' }]);
    const userServiceReferences = outline.references.filter((reference) => reference.name === 'UserService');
    expect(userServiceReferences).toEqual([{ name: 'UserService', line: 12, column: 58 }]);
  });

  it('reads TSX components', async () => {
    const outline = await outlineSource(
      'tsx',
      'export function Greeting({ name }: Props) {\n  return <p>Hello {name}</p>;\n}\nconst App = () => <Greeting name="x" />;',
    );
    expect(find(outline, 'Greeting')).toMatchObject([{ kind: 'function', line: 1 }]);
    expect(find(outline, 'App')).toMatchObject([{ kind: 'function', line: 4 }]);
  });

  it('reads Python classes, methods, functions and assignments', async () => {
    const source = [
      'MAX_USERS = 10',
      'class UserRepository(BaseRepository):',
      '    table = "users"',
      '    def __init__(self, connection):',
      '        self.connection = connection',
      '    def find(self, user_id):',
      '        row = self.connection.get(user_id)',
      '        row = row or None',
      '        return row',
      'def create_repository(connection, limit=MAX_USERS):',
      '    return UserRepository(connection)',
    ].join('\n');
    const outline = await outlineSource('python', source);
    expect(find(outline, 'MAX_USERS')).toMatchObject([{ kind: 'constant', line: 1 }]);
    expect(find(outline, 'UserRepository')).toMatchObject([{ kind: 'class', line: 2, column: 7 }]);
    expect(find(outline, 'table')).toMatchObject([{ kind: 'field', container: 'UserRepository' }]);
    expect(find(outline, '__init__')).toMatchObject([{ kind: 'constructor' }]);
    expect(find(outline, 'connection').find((definition) => definition.kind === 'field')).toMatchObject({
      container: 'UserRepository',
      line: 5,
    });
    expect(find(outline, 'find')).toMatchObject([{ kind: 'method', container: 'UserRepository' }]);
    expect(find(outline, 'row')).toMatchObject([{ kind: 'variable', line: 7, container: 'find' }]);
    expect(find(outline, 'create_repository')).toMatchObject([{ kind: 'function', container: null }]);
    expect(find(outline, 'limit')).toMatchObject([{ kind: 'parameter' }]);
    expect(outline.references.filter((reference) => reference.name === 'UserRepository')).toEqual([
      { name: 'UserRepository', line: 11, column: 12 },
    ]);
  });

  it('reads C# types and members', async () => {
    const source = [
      'namespace App.Services;',
      'public class UserService : IUserService',
      '{',
      '    private readonly string connectionString = "db", other;',
      '    public string Name { get; set; }',
      '    public UserService(string name) { Name = name; }',
      '    public bool HandleLogin(string user) { var ok = user.Length > 0; return ok; }',
      '}',
      'public interface IUserService { bool HandleLogin(string user); }',
      'public enum Status { Active, Disabled }',
      'public struct Point { public int X; }',
      'public record Person(string First);',
    ].join('\n');
    const outline = await outlineSource('csharp', source);
    expect(find(outline, 'UserService').map((definition) => definition.kind)).toEqual(['class', 'constructor']);
    expect(find(outline, 'connectionString')).toMatchObject([{ kind: 'field', container: 'UserService', line: 4 }]);
    expect(find(outline, 'other')).toMatchObject([{ kind: 'field' }]);
    expect(find(outline, 'Name')).toMatchObject([{ kind: 'property', line: 5 }]);
    expect(find(outline, 'HandleLogin').map((definition) => [definition.kind, definition.container])).toEqual([
      ['method', 'UserService'],
      ['method', 'IUserService'],
    ]);
    expect(find(outline, 'ok')).toMatchObject([{ kind: 'variable', container: 'HandleLogin' }]);
    expect(find(outline, 'IUserService')).toMatchObject([{ kind: 'interface' }]);
    expect(find(outline, 'Status')).toMatchObject([{ kind: 'enum' }]);
    expect(find(outline, 'Active')).toMatchObject([{ kind: 'enum_member' }]);
    expect(find(outline, 'Point')).toMatchObject([{ kind: 'struct' }]);
    expect(find(outline, 'Person')).toMatchObject([{ kind: 'record' }]);
    expect(outline.references.filter((reference) => reference.name === 'IUserService')).toEqual([
      { name: 'IUserService', line: 2, column: 28 },
    ]);
  });

  it('does not take a Python subscript or attribute assignment for a definition', async () => {
    const outline = await outlineSource(
      'python',
      'def register(name, klass):\n    registry[name] = klass\n    other.value = 1\n    total, (x, y) = 1, (2, 3)\n',
    );
    expect(outline.definitions.map((definition) => `${definition.kind} ${definition.name}`)).toEqual([
      'function register',
      'parameter name',
      'parameter klass',
      'variable total',
    ]);
    expect(outline.references.filter((reference) => reference.name === 'registry')).toEqual([
      { name: 'registry', line: 2, column: 5 },
    ]);
  });

  it('does not take the value of a C# deconstruction for a definition', async () => {
    const outline = await outlineSource(
      'csharp',
      'class A {\n  void Sample(int c) {\n    var (a, b) = c;\n    int d = c;\n  }\n}',
    );
    expect(outline.definitions.map((definition) => `${definition.kind} ${definition.name}`)).toEqual([
      'class A',
      'method Sample',
      'parameter c',
      'variable d',
    ]);
    expect(outline.references.filter((reference) => reference.name === 'c').map((reference) => reference.line)).toEqual(
      [3, 4],
    );
  });

  it('scopes lambdas and Python methods by where they sit', async () => {
    const python = await outlineSource(
      'python',
      'class Shop:\n    @property\n    def total(self):\n        self.count = 0\n        return lambda price: price\n',
    );
    expect(find(python, 'total')).toMatchObject([{ kind: 'method', container: 'Shop', scopeKind: 'type' }]);
    expect(find(python, 'count')).toMatchObject([
      { kind: 'field', container: 'Shop', scopeKind: 'type', scopeStartLine: 1, scopeEndLine: 5 },
    ]);
    expect(find(python, 'price')).toMatchObject([
      { kind: 'parameter', container: 'total', scopeKind: 'function', scopeStartLine: 5, scopeEndLine: 5 },
    ]);
    const typescript = await outlineSource(
      'typescript',
      'class Shop {\n  total = [1].map(function named(price) { const tax = 1; return price + tax; });\n}',
    );
    expect(find(typescript, 'price')).toMatchObject([
      { kind: 'parameter', container: 'Shop', scopeKind: 'function', scopeStartLine: 2 },
    ]);
    expect(find(typescript, 'tax')).toMatchObject([{ kind: 'constant', container: 'Shop', scopeKind: 'function' }]);
  });

  it('counts columns in characters, not bytes', async () => {
    const outline = await outlineSource('typescript', 'const greeting = "héllo wörld"; const after = 1;');
    expect(find(outline, 'after')).toMatchObject([{ column: 39 }]);
  });
});
