import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { collection } from '../toolset/bundle';
import { createAjvCompiler, createCompilingValidator } from './compile';
// Imported (not for its side effects) so that RE2's module has run: a validator given no engine must still have none.
import { compileLinear } from './linear-regex';
import { createValidator } from './validator';

const readFile = collection.toolsets.flatMap((toolset) => toolset.tools).find((tool) => tool.name === 'read_file')!;
const executeCommand = collection.toolsets
  .flatMap((toolset) => toolset.tools)
  .find((tool) => tool.name === 'execute_command')!;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return name === 'generated' || name === 'node_modules' ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

describe('the validator is a value, never a module that registers itself', () => {
  it('no file imports a validation module for its side effects', () => {
    const offenders = [...sourceFiles('src'), ...sourceFiles('scripts')].filter((path) =>
      /^import\s+['"][^'"]*validation\/[^'"]*['"];?\s*$/m.test(readFileSync(path, 'utf8')),
    );
    expect(offenders).toEqual([]);
  });

  it('no module registers itself: no `register*` function exists in the sources', () => {
    const offenders = [...sourceFiles('src'), ...sourceFiles('scripts')].filter((path) =>
      /\bfunction\s+register[A-Z]\w*\s*\(|\bconst\s+register[A-Z]\w*\s*=/.test(readFileSync(path, 'utf8')),
    );
    expect(offenders).toEqual([]);
  });

  it('RE2 is the engine a validator is given, never one a module made available on import', () => {
    expect(typeof compileLinear).toBe('function');
    const without = createValidator({ compile: createAjvCompiler() });
    expect(without.regexEngine.current()).toBeNull();
    // Without an engine, no analysis says how far a native twin may run: execute_command's patterns stay unchecked.
    const long = { command: `npm test ${'x'.repeat(200)}` };
    expect(without.validate(executeCommand, long).warnings.map((warning) => warning.message)).toEqual([
      expect.stringMatching(/^Parameter 'command' was not checked yet/),
      expect.stringMatching(/^Parameter 'command' was not checked yet/),
    ]);
    const given = createCompilingValidator();
    expect(given.regexEngine.current()).toBe(compileLinear);
    expect(given.validate(executeCommand, long)).toMatchObject({ valid: true, warnings: [] });
  });

  it('two validators share nothing: one forgetting its compiled schemas leaves the other as it was', () => {
    const first = createCompilingValidator();
    const second = createCompilingValidator();
    expect(first.validate(readFile, { path: 'a.txt' }).valid).toBe(true);
    first.reset();
    expect(second.validate(readFile, { path: '../x' }).valid).toBe(false);
  });
});

describe('messages written when read', () => {
  it('an invalid call’s errors carry their message as an own enumerable key, seen by spreads, JSON and clones', () => {
    const result = createCompilingValidator().validate(readFile, { path: 'a.txt', encodnig: 'utf8' });
    const error = result.errors.find((candidate) => candidate.parameter === 'encodnig')!;
    expect(Object.keys(error)).toEqual(['parameter', 'code', 'message', 'expected']);
    expect({ ...error }.message).toBe(error.message);
    expect(JSON.parse(JSON.stringify(error)).message).toBe(error.message);
    expect(structuredClone(error).message).toBe(error.message);
    expect(error.message).toMatch(/^Unknown parameter 'encodnig'\. Did you mean 'encoding'\?$/);
  });
});
