import { createCompilingValidator } from './compile';
import { afterEach, describe, expect, it } from 'vitest';
import { lintNeedsLinearEngine, lintTool } from '../audit';
import { collection } from '../toolset/bundle';
import type { ToolDefinition } from '../toolset/types';
import { linearEngine, loadLinearEngine, registerLinearEngine } from './linear-engine';
import { compileLinear } from './linear-regex';
import { compilePattern } from './regex';
import { hasPatternWarnings, needsLinearEngine } from './rules';

// The validator these tests check with: schemas compiled on demand, as the CLI does.
const validator = createCompilingValidator();

const tool = (name: string) => collection.toolsets.flatMap((toolset) => toolset.tools).find((candidate) => candidate.name === name)!;

// The page's case: RE2 (re2js) is not loaded until a tool needs it. Tests and the CLI have it from the start.
describe('RE2 loaded on demand (the page)', () => {
  afterEach(() => registerLinearEngine(compileLinear));

  it('knows which tools need it: those with pattern warning rules, only while it is not loaded', () => {
    expect(hasPatternWarnings(tool('execute_command'))).toBe(true);
    expect(hasPatternWarnings(tool('read_file'))).toBe(false);
    expect(needsLinearEngine(tool('execute_command'))).toBe(false);
    registerLinearEngine(null);
    expect(needsLinearEngine(tool('execute_command'))).toBe(true);
    expect(needsLinearEngine(tool('read_file'))).toBe(false);
  });

  it('never runs a warning pattern natively beyond what the analysis allows: without RE2 such a value gets the remark, saying it was not checked; loaded, the check is exact', async () => {
    registerLinearEngine(null);
    // Short ASCII values are checked on the native twin of the pattern (warning-pattern.ts), RE2 or not.
    expect(validator.validate(tool('execute_command'), { command: 'npm test' }).warnings).toEqual([]);
    expect(validator.validate(tool('execute_command'), { command: 'sudo ls' }).warnings.map((warning) => warning.message)).toEqual([
      expect.stringMatching(/^Parameter 'command': /),
    ]);
    // Past the length its degree allows (the security pattern is quartic: 100 characters), or not ASCII, only RE2 may run it.
    const long = `npm test ${'x'.repeat(200)}`;
    const unchecked = validator.validate(tool('execute_command'), { command: long });
    expect(unchecked.valid).toBe(true);
    expect(unchecked.warnings.map((warning) => [warning.code, warning.severity])).toEqual([['security_concern', 3]]);
    expect(unchecked.warnings[0]!.message).toMatch(/^Parameter 'command' was not checked yet \(the pattern engine is still loading\), so this may apply: /);
    expect(validator.validate(tool('execute_command'), { command: 'npm tést' }).warnings.map((warning) => warning.code)).toEqual(['security_concern', 'compatibility']);
    // A tool without pattern rules is untouched.
    expect(validator.validate(tool('read_file'), { path: 'a.txt' }).warnings).toEqual([]);

    await loadLinearEngine();
    expect(linearEngine()).not.toBeNull();
    expect(validator.validate(tool('execute_command'), { command: long }).warnings).toEqual([]);
    expect(validator.validate(tool('execute_command'), { command: 'npm tést' }).warnings).toEqual([]);
    expect(validator.validate(tool('execute_command'), { command: 'sudo ls' }).warnings.map((warning) => warning.message)).toEqual([
      expect.stringMatching(/^Parameter 'command': /),
    ]);
  });

  it('a schema pattern that needs RE2 keeps the backtracking guard meanwhile, and is not remembered that way', async () => {
    const pattern = '^x|a*b*c'; // degree 2 for a backtracking engine (unanchored alternative)
    registerLinearEngine(null);
    const guarded = compilePattern(pattern);
    expect(guarded).toMatchObject({ ok: true, engine: 'backtracking', degree: 2, maxInput: 10_000 });
    await loadLinearEngine();
    expect(compilePattern(pattern)).toMatchObject({ ok: true, engine: 're2', maxInput: Infinity });
  });

  it('the audit waits for it only for tools whose examples or patterns need it', () => {
    const quadratic: ToolDefinition = { ...tool('read_file'), inputSchema: { type: 'object', properties: { name: { type: 'string', pattern: 'a*b*c' } } } };
    registerLinearEngine(null);
    expect(lintNeedsLinearEngine(tool('execute_command'))).toBe(true);
    expect(lintNeedsLinearEngine(quadratic)).toBe(true);
    expect(lintNeedsLinearEngine(tool('read_file'))).toBe(false);
    registerLinearEngine(compileLinear);
    expect(lintNeedsLinearEngine(quadratic)).toBe(false);
    expect(lintTool(quadratic, { validator }).some((finding) => finding.rule === 'pattern-safety' && finding.message.includes('this playground runs it on RE2'))).toBe(true);
  });
});
