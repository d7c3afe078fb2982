import { createCompilingValidator } from '../validation/compile';
import { describe, expect, it } from 'vitest';
import { importedWeather, refuseInteraction } from './service.test-support';
import { createWorkspace } from '../workspace/workspace';
import { createExecutionService } from './service';
import { createMockImplementation, runMockFunction } from './mock';
import type { ToolDefinition } from '../toolset/types';

// The validator these tests check with: schemas compiled on demand, as the CLI does.
const validator = createCompilingValidator();

const weather = importedWeather;

const refuse = refuseInteraction;

describe('mock tools', () => {
  it('returns fixed JSON and a function of the arguments through the execution service', async () => {
    const workspace = await createWorkspace();
    const fixed = createExecutionService({
      validator,
      tools: [weather],
      implementations: new Map([
        ['get_weather', createMockImplementation(weather, validator, { kind: 'json', value: { temperature: 21 } })],
      ]),
      workspace,
      interaction: refuse,
    });
    expect(await fixed.execute('get_weather', { city: 'Oslo' })).toMatchObject({
      success: true,
      data: { kind: 'mock', source: 'json', value: { temperature: 21 } },
    });

    const computed = createExecutionService({
      validator,
      tools: [weather],
      implementations: new Map([
        [
          'get_weather',
          createMockImplementation(weather, validator, {
            kind: 'function',
            source: '(args) => ({ city: args.city.toUpperCase(), temperature: args.city.length })',
          }),
        ],
      ]),
      workspace,
      interaction: refuse,
    });
    expect(await computed.execute('get_weather', { city: 'Oslo' })).toMatchObject({
      success: true,
      data: { value: { city: 'OSLO', temperature: 4 } },
    });
    // The schema still guards the call: the mock never sees invalid arguments.
    expect(await computed.execute('get_weather', { town: 'Oslo' })).toMatchObject({
      success: false,
      errorCode: 'validation_failed',
    });
  });

  it("checks the result against the tool's outputSchema: a mismatch fails the call naming the field and the rule, and keeps the value", async () => {
    const workspace = await createWorkspace();
    const typed: ToolDefinition = {
      ...weather,
      outputSchema: {
        type: 'object',
        properties: {
          temperature: { type: 'number', description: 'Degrees Celsius' },
          unit: { enum: ['C', 'F'], description: 'Scale' },
        },
        required: ['temperature'],
        additionalProperties: false,
      },
    };
    const service = (mock: Parameters<typeof createMockImplementation>[2]) =>
      createExecutionService({
        validator,
        tools: [typed],
        implementations: new Map([['get_weather', createMockImplementation(typed, validator, mock)]]),
        workspace,
        interaction: refuse,
      });
    expect(
      await service({ kind: 'json', value: { temperature: 21, unit: 'C' } }).execute('get_weather', { city: 'Oslo' }),
    ).toMatchObject({ success: true, data: { value: { temperature: 21 } } });
    const wrong = await service({
      kind: 'function',
      source: '(args) => ({ temperature: args.city, unit: "K" })',
    }).execute('get_weather', { city: 'Oslo' });
    expect(wrong).toMatchObject({
      success: false,
      errorCode: 'execution_failed',
      data: { kind: 'mock', source: 'function', value: { temperature: 'Oslo', unit: 'K' } },
    });
    expect(wrong.error).toMatch(/^The mock's result does not match the outputSchema of get_weather: /);
    expect(wrong.error).toMatch(/temperature: type_mismatch: [^;]*number/);
    expect(wrong.error).toMatch(/unit: invalid_enum: [^;]*C, F/);
    const missing = await service({ kind: 'json', value: {} }).execute('get_weather', { city: 'Oslo' });
    expect(missing.error).toMatch(/temperature: required: Missing required property 'temperature'/);
    // Not an object at all: the root is named.
    expect((await service({ kind: 'json', value: [1] }).execute('get_weather', { city: 'Oslo' })).error).toMatch(
      /\(root\): type_mismatch/,
    );
  });

  it('stops a runaway loop and a memory bomb, and reports a throw and a non-function clearly', async () => {
    expect(await runMockFunction('() => { while (true) {} }', {}, { timeLimitMs: 300 })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/did not return within/),
    });
    expect(await runMockFunction('() => { const a = []; while (true) a.push("x".repeat(1e6)); }', {})).toMatchObject({
      ok: false,
      error: expect.stringMatching(/memory/),
    });
    expect(
      await runMockFunction('(args) => { throw new RangeError("no city " + args.city) }', { city: 'Oslo' }),
    ).toEqual({ ok: false, error: 'The mock threw RangeError: no city Oslo' });
    expect(await runMockFunction('42', {})).toMatchObject({
      ok: false,
      error: expect.stringMatching(/must be a function/),
    });
    expect(await runMockFunction('async () => 1', {})).toMatchObject({
      ok: false,
      error: expect.stringMatching(/Promise/),
    });
    // Five fresh QuickJS runtimes, one filling its memory: a busy machine can take longer than the default 20 s.
  }, 60_000);

  it('reaches nothing of the host: no fetch, no DOM, no require', async () => {
    expect(await runMockFunction('() => [typeof fetch, typeof document, typeof require, typeof process]', {})).toEqual({
      ok: true,
      value: ['undefined', 'undefined', 'undefined', 'undefined'],
    });
  });

  it('a syntax error names the problem', async () => {
    expect(await runMockFunction('(args) => {', {})).toMatchObject({
      ok: false,
      error: expect.stringMatching(/SyntaxError/),
    });
  });
});
