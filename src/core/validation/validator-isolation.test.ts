/** Two validators in one realm share nothing: what one learns or is told never reaches the other's verdicts. */
import { describe, expect, it } from 'vitest';
import { createAjvCompiler, createCompilingValidator } from './compile';
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
      expect(told.validate(readFile, parsed.value, { duplicateKeys: parsed.duplicateKeys }).errors.map((error) => error.message)).toEqual([
        "Parameter 'path' appears twice (line 1, column 19); JSON keeps only the last value",
      ]);
      // The same object, validated by another validator without being told: the value as it is, valid.
      expect(other.validate(readFile, parsed.value).valid).toBe(true);
    }
  });

  it('a warning pattern checked on one validator’s engine stays unchecked on a validator without one, interleaved', () => {
    const rule = { code: 'security_concern' as const, parameter: 'command', matches: '\\bsudo\\b', description: 'Runs as root' };
    const tool = makeTool('run', { type: 'object', properties: { command: { type: 'string' } } }, { warnings: [rule] });
    const withEngine = createCompilingValidator();
    const without = createValidator({ compile: createAjvCompiler(NO_REGEX_ENGINE) });
    for (let round = 0; round < 3; round++) {
      expect(withEngine.validate(tool, { command: 'sudo ls' }).warnings.map((warning) => warning.message)).toEqual(["Parameter 'command': Runs as root"]);
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
});
