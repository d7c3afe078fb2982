/** Two validators in one realm share nothing: what one learns or is told never reaches the other's verdicts. */
import { describe, expect, it } from 'vitest';
import { collection } from '../toolset/bundle';
import { validators as generatedValidators } from '../../generated/validators.js';
import { createAjvCompiler, createCompilingValidator, RE2_ENGINE } from './compile';
import { parseArguments } from './json-text';
import { NO_REGEX_ENGINE } from './linear-engine';
import { createValidator } from './validator';
import { makeTool, readFile } from './validator.test-support';

describe('two validators in one realm', () => {
  it('a value parsed with a name given twice is reported only by the validator told so', () => {
    const told = createCompilingValidator();
    const other = createCompilingValidator();
    const parsed = parseArguments('{"path": "a.txt", "path": "b.txt"}');
    if (!parsed.ok) throw new Error('expected the text to parse');
    for (let round = 0; round < 2; round++) {
      expect(
        told
          .validate(readFile, parsed.value, { duplicateKeys: parsed.duplicateKeys })
          .errors.map((error) => error.message),
      ).toEqual(["Parameter 'path' appears twice (line 1, column 19); JSON keeps only the last value"]);
      // The same object, validated by another validator without being told: the value as it is, valid.
      expect(other.validate(readFile, parsed.value).valid).toBe(true);
    }
  });

  it('a warning pattern checked on one validator’s engine stays unchecked on a validator without one, interleaved', () => {
    const rule = {
      code: 'security_concern' as const,
      parameter: 'command',
      matches: '\\bsudo\\b',
      description: 'Runs as root',
    };
    const tool = makeTool('run', { type: 'object', properties: { command: { type: 'string' } } }, { warnings: [rule] });
    const withEngine = createCompilingValidator();
    const without = createValidator({ compile: createAjvCompiler(NO_REGEX_ENGINE) });
    for (let round = 0; round < 3; round++) {
      expect(withEngine.validate(tool, { command: 'sudo ls' }).warnings.map((warning) => warning.message)).toEqual([
        "Parameter 'command': Runs as root",
      ]);
      expect(withEngine.validate(tool, { command: 'ls' }).warnings).toEqual([]);
      // Without an engine the twin's safe length is not known here: the remark is made unchecked, every time.
      expect(without.validate(tool, { command: 'ls' }).warnings.map((warning) => warning.message)).toEqual([
        "Parameter 'command' was not checked yet (the pattern engine is still loading), so this may apply: Runs as root",
      ]);
    }
  });

  it('interleaved rejected calls get the same errors as each validator alone', () => {
    const tool = makeTool('pick', {
      type: 'object',
      properties: { mode: { type: 'string', enum: ['fast', 'full'] }, path: { type: 'string' } },
      additionalProperties: false,
    });
    const calls = [{ mode: 'fats' }, { pth: 'x' }, { mode: 'full', extra: 1 }, { mode: 3 }];
    const alone = createCompilingValidator();
    const expected = calls.map((args) => alone.validate(tool, args));
    const first = createCompilingValidator();
    const second = createCompilingValidator();
    for (let round = 0; round < 2; round++) {
      calls.forEach((args, index) => {
        expect(first.validate(tool, args)).toEqual(expected[index]);
        expect(second.validate(tool, calls[calls.length - 1 - index]!)).toEqual(expected[calls.length - 1 - index]);
      });
    }
  });

  it('each validator’s path formats report to it alone, compiled or generated at build time', () => {
    const bundled = collection.toolsets.flatMap((toolset) => toolset.tools).find((tool) => tool.name === 'read_file')!;
    const compilerA = createAjvCompiler();
    const compilerB = createAjvCompiler();
    const a = createValidator({ compile: compilerA, regexEngine: RE2_ENGINE });
    const b = createValidator({ compile: compilerB, regexEngine: RE2_ENGINE });
    const codes = (validator: typeof a, path: string) =>
      validator.validate(bundled, { path }).warnings.map((warning) => warning.code);
    expect(codes(a, '.env')).toEqual(['security_concern']);
    expect(compilerA.pathFormats!.uncleanCount()).toBeGreaterThan(0);
    expect(compilerB.pathFormats!.uncleanCount()).toBe(0);
    expect(codes(b, 'src/app.ts')).toEqual([]);
    expect(codes(a, 'src/app.ts')).toEqual([]);
    expect(codes(b, '.env')).toEqual(['security_concern']);

    const pageA = createValidator({ precompiled: generatedValidators, regexEngine: RE2_ENGINE });
    const pageB = createValidator({ precompiled: generatedValidators, regexEngine: RE2_ENGINE });
    for (let round = 0; round < 2; round++) {
      expect(pageA.validate(bundled, { path: '.env' }).warnings.map((warning) => warning.code)).toEqual([
        'security_concern',
      ]);
      expect(pageB.validate(bundled, { path: 'README.md' })).toMatchObject({ valid: true, warnings: [] });
      expect(pageB.validate(bundled, { path: '.env' }).warnings.map((warning) => warning.code)).toEqual([
        'security_concern',
      ]);
      expect(pageA.validate(bundled, { path: 'README.md' })).toMatchObject({ valid: true, warnings: [] });
    }
  });
});
