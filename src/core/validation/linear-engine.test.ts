import { describe, expect, it } from 'vitest';
import { lintNeedsLinearEngine, lintTool } from '../audit';
import { collection } from '../toolset/bundle';
import type { ToolDefinition } from '../toolset/types';
import { createAjvCompiler, createCompilingValidator, RE2_ENGINE } from './compile';
import { lazyRegexEngine, NO_REGEX_ENGINE, type CompileLinear } from './linear-engine';
import { compileLinear } from './linear-regex';
import { compilePattern } from './regex';
import { hasPatternWarnings, needsLinearEngine } from './rules';
import { ENGINE_PARTS, twinDegreesOf } from './twin-degree';
import { createValidator } from './validator';
import bundledTwinDegrees from '../../generated/warning-twin-degrees.json';

const tool = (name: string) =>
  collection.toolsets.flatMap((toolset) => toolset.tools).find((candidate) => candidate.name === name)!;

/** The page's case: an engine that loads RE2 when first asked (here at once, from the module the page imports), knowing the build's degrees. */
const onDemand = () =>
  lazyRegexEngine(() => import('./twin-degree').then((module) => module.ENGINE_PARTS), bundledTwinDegrees);
/** A validator as the page's, compiling too (the page runs generated validators; the verdicts are the same). */
const pageLike = (regexEngine = onDemand()) =>
  createValidator({ compile: createAjvCompiler(regexEngine), regexEngine });

describe('RE2 loaded on demand (the page)', () => {
  it('knows which tools need it: those with pattern warning rules, only while their validator has not loaded it', async () => {
    expect(hasPatternWarnings(tool('execute_command'))).toBe(true);
    expect(hasPatternWarnings(tool('read_file'))).toBe(false);
    expect(needsLinearEngine(tool('execute_command'), RE2_ENGINE)).toBe(false);
    const engine = onDemand();
    expect(needsLinearEngine(tool('execute_command'), engine)).toBe(true);
    expect(needsLinearEngine(tool('read_file'), engine)).toBe(false);
    await engine.load();
    expect(needsLinearEngine(tool('execute_command'), engine)).toBe(false);
  });

  it('never runs a warning pattern natively beyond what the analysis allows: without RE2 such a value gets the remark, saying it was not checked; loaded, the check is exact', async () => {
    const validator = pageLike();
    // Short ASCII values are checked on the native twin of the pattern (warning-pattern.ts), RE2 or not.
    expect(validator.validate(tool('execute_command'), { command: 'npm test' }).warnings).toEqual([]);
    expect(
      validator.validate(tool('execute_command'), { command: 'sudo ls' }).warnings.map((warning) => warning.message),
    ).toEqual([expect.stringMatching(/^Parameter 'command': /)]);
    // Past the length its degree allows (the security pattern is quartic: 100 characters), or not ASCII, only RE2 may run it.
    const long = `npm test ${'x'.repeat(200)}`;
    const unchecked = validator.validate(tool('execute_command'), { command: long });
    expect(unchecked.valid).toBe(true);
    expect(unchecked.warnings.map((warning) => [warning.code, warning.severity])).toEqual([['security_concern', 3]]);
    expect(unchecked.warnings[0]!.message).toMatch(
      /^Parameter 'command' was not checked yet \(the pattern engine is still loading\), so this may apply: /,
    );
    expect(
      validator.validate(tool('execute_command'), { command: 'npm tést' }).warnings.map((warning) => warning.code),
    ).toEqual(['security_concern', 'compatibility']);
    // A tool without pattern rules is untouched.
    expect(validator.validate(tool('read_file'), { path: 'a.txt' }).warnings).toEqual([]);

    // Meeting such a value started the load; once the engine has it, the same calls are checked exactly.
    await validator.regexEngine.load();
    expect(validator.regexEngine.current()).not.toBeNull();
    expect(validator.validate(tool('execute_command'), { command: long }).warnings).toEqual([]);
    expect(validator.validate(tool('execute_command'), { command: 'npm tést' }).warnings).toEqual([]);
    expect(
      validator.validate(tool('execute_command'), { command: 'sudo ls' }).warnings.map((warning) => warning.message),
    ).toEqual([expect.stringMatching(/^Parameter 'command': /)]);
  });

  it("knows the bundled patterns' degrees from the build, the analysis' own; any other pattern waits for the analysis, which comes with RE2", async () => {
    const tools = collection.toolsets.flatMap((toolset) => toolset.tools);
    expect(bundledTwinDegrees).toEqual(twinDegreesOf(tools));
    expect(Object.keys(bundledTwinDegrees).length).toBeGreaterThan(0);
    const engine = onDemand();
    const validator = pageLike(engine);
    // Before the load: a bundled pattern runs natively on a short value; an edited one is not checked yet.
    expect(
      validator.validate(tool('execute_command'), { command: 'sudo ls' }).warnings.map((warning) => warning.code),
    ).toEqual(['security_concern']);
    const edited: ToolDefinition = {
      ...tool('execute_command'),
      warnings: [{ code: 'security_concern', parameter: 'command', matches: '\\bsudo\\s', description: 'Escalates.' }],
    };
    expect(validator.validate(edited, { command: 'npm test' }).warnings[0]!.message).toMatch(/was not checked yet/);
    expect(engine.twinDegree('\\bsudo[\\t\\n\\f\\r ]')).toBeUndefined();
    await engine.load();
    expect(engine.twinDegree('\\bsudo[\\t\\n\\f\\r ]')).toBe(1);
    expect(validator.validate(edited, { command: 'npm test' }).warnings).toEqual([]);
    expect(validator.validate(edited, { command: 'sudo ls' }).warnings.map((warning) => warning.code)).toEqual([
      'security_concern',
    ]);
  });

  it('meeting a value only RE2 may check starts loading it', async () => {
    let loads = 0;
    const engine = lazyRegexEngine(() => {
      loads += 1;
      return Promise.resolve(ENGINE_PARTS);
    }, bundledTwinDegrees);
    const validator = pageLike(engine);
    validator.validate(tool('execute_command'), { command: 'npm test' });
    expect(loads).toBe(0);
    validator.validate(tool('execute_command'), { command: `npm test ${'x'.repeat(200)}` });
    expect(loads).toBe(1);
    await engine.load();
    expect(loads).toBe(1);
    expect(engine.current()).toBe(compileLinear);
  });

  it('a failed load is tried again on the next call', async () => {
    let attempts = 0;
    const engine = lazyRegexEngine(() =>
      ++attempts === 1 ? Promise.reject(new Error('offline')) : Promise.resolve(ENGINE_PARTS),
    );
    await expect(engine.load()).rejects.toThrow('offline');
    expect(engine.current()).toBeNull();
    await engine.load();
    expect(engine.current()).toBe(compileLinear);
  });

  it('each validator runs patterns on its own engine: one that has RE2 says nothing of one that has not', () => {
    const long = `npm test ${'x'.repeat(200)}`;
    expect(createCompilingValidator().validate(tool('execute_command'), { command: long }).warnings).toEqual([]);
    const without = createValidator({ compile: createAjvCompiler(NO_REGEX_ENGINE), regexEngine: NO_REGEX_ENGINE });
    expect(without.validate(tool('execute_command'), { command: long }).warnings[0]!.message).toMatch(
      /was not checked yet/,
    );
    expect(createCompilingValidator().validate(tool('execute_command'), { command: long }).warnings).toEqual([]);
  });

  it('a schema pattern that needs RE2 keeps the backtracking guard meanwhile, and is not remembered that way', async () => {
    const pattern = '^x|a*b*c'; // degree 2 for a backtracking engine (unanchored alternative)
    const engine = onDemand();
    expect(compilePattern(pattern, engine.current())).toMatchObject({
      ok: true,
      engine: 'backtracking',
      degree: 2,
      maxInput: 10_000,
    });
    await engine.load();
    expect(compilePattern(pattern, engine.current())).toMatchObject({ ok: true, engine: 're2', maxInput: Infinity });
    expect(compilePattern(pattern, null)).toMatchObject({ ok: true, engine: 'backtracking' });
  });

  it('the schema compiler runs patterns on the engine it is given', () => {
    const quadratic: ToolDefinition = {
      ...tool('read_file'),
      inputSchema: { type: 'object', properties: { name: { type: 'string', pattern: '^x|a*b*c' } } },
    };
    const longValue = { name: 'a'.repeat(20_000) };
    const withRe2 = createCompilingValidator().validate(quadratic, longValue);
    expect(withRe2.errors.map((error) => error.message)).toEqual([expect.not.stringMatching(/too long to be checked/)]);
    const without = createValidator({
      compile: createAjvCompiler(NO_REGEX_ENGINE),
      regexEngine: NO_REGEX_ENGINE,
    }).validate(quadratic, longValue);
    expect(without.errors.map((error) => error.message)).toEqual([
      expect.stringMatching(/too long to be checked against its pattern/),
    ]);
  });

  it('the audit waits for it only for tools whose examples or patterns need it, and reads it from the validator', async () => {
    const quadratic: ToolDefinition = {
      ...tool('read_file'),
      inputSchema: { type: 'object', properties: { name: { type: 'string', pattern: 'a*b*c' } } },
    };
    const validator = pageLike();
    expect(lintNeedsLinearEngine(tool('execute_command'), validator.regexEngine)).toBe(true);
    expect(lintNeedsLinearEngine(quadratic, validator.regexEngine)).toBe(true);
    expect(lintNeedsLinearEngine(tool('read_file'), validator.regexEngine)).toBe(false);
    const onRe2 = (findings: ReturnType<typeof lintTool>) =>
      findings.some(
        (finding) => finding.rule === 'pattern-safety' && finding.message.includes('this playground runs it on RE2'),
      );
    expect(onRe2(lintTool(quadratic, { validator }))).toBe(false);
    await validator.regexEngine.load();
    expect(lintNeedsLinearEngine(quadratic, validator.regexEngine)).toBe(false);
    expect(onRe2(lintTool(quadratic, { validator }))).toBe(true);
    // Given as an option, the engine overrides the validator's.
    expect(onRe2(lintTool(quadratic, { validator, regexEngine: NO_REGEX_ENGINE }))).toBe(false);
  });

  it('a validator given no engine has none, and says so when asked to load one', async () => {
    const validator = createValidator();
    expect(validator.regexEngine.current()).toBeNull();
    await expect(validator.regexEngine.load()).rejects.toThrow(/no regular-expression engine/);
    const fake: CompileLinear = () => null;
    expect(
      createValidator({
        regexEngine: { current: () => fake, twinDegree: () => 1, load: () => Promise.resolve() },
      }).regexEngine.current(),
    ).toBe(fake);
  });
});
