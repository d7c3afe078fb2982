import { describe, expect, it } from 'vitest';
import { importedWeather, refuseInteraction } from './service.test-support';
import { createCompilingValidator } from '../validation/compile';
import { createWorkspace } from '../workspace/workspace';
import { createNoCodeImplementation, noCodeAnswer, noCodeMessage } from './no-code';
import { createExecutionService } from './service';

const validator = createCompilingValidator();

const weather = importedWeather;

const refuse = refuseInteraction;

describe('a tool with no code and no mock', () => {
  it('names the tool, the --mocks flag and the shape of an entry', () => {
    const message = noCodeMessage('get_weather');
    expect(message).toMatch(/^get_weather has no code on this site: Execute checks the arguments/);
    expect(message).toContain('tool-schemas site build --mocks <file>');
    expect(message).toContain('"get_weather": <result>');
    expect(message).toContain('"get_weather": { "$function": "(args) => ({ … })" }');
  });

  it('checks the arguments, then answers that it has no code rather than tool_not_found', async () => {
    const service = createExecutionService({
      validator,
      tools: [weather],
      implementations: new Map([['get_weather', createNoCodeImplementation(weather)]]),
      workspace: await createWorkspace(),
      interaction: refuse,
    });
    const invalid = await service.execute('get_weather', { town: 'Oslo' });
    expect(invalid).toMatchObject({ success: false, errorCode: 'validation_failed' });
    expect(invalid.error).toContain('city');
    const valid = await service.execute('get_weather', { city: 'Oslo' });
    expect(valid).toMatchObject({
      success: false,
      errorCode: 'not_implemented',
      error: noCodeAnswer('get_weather'),
      message: noCodeAnswer('get_weather'),
    });
    expect(service.validate('get_weather', { city: 'Oslo' }).valid).toBe(true);
  });

  it('answers that nothing ran, without the page’s sentence', () => {
    const answer = noCodeAnswer('get_weather');
    expect(answer).toMatch(/^Nothing ran: .*get_weather/);
    expect(answer).not.toContain('--mocks');
    expect(noCodeMessage('get_weather')).not.toContain(answer);
  });

  it('asks nobody to approve a call that runs nothing, at any risk level, and calls its risk that of running nothing', async () => {
    const critical = { ...weather, riskLevel: 'critical' as const };
    const asked: string[] = [];
    const service = createExecutionService({
      validator,
      tools: [critical],
      implementations: new Map([['get_weather', createNoCodeImplementation(critical)]]),
      workspace: await createWorkspace(),
      interaction: refuse,
      approve: (request) => {
        asked.push(request.tool.name);
        return Promise.resolve(true);
      },
    });
    const result = await service.execute('get_weather', { city: 'Oslo' });
    expect(result).toMatchObject({ success: false, errorCode: 'not_implemented' });
    expect(asked).toEqual([]);
    expect(result.execution).toMatchObject({ approvalRequired: false, approved: false });
    expect(await service.describe('get_weather', { city: 'Oslo' })).toMatchObject({ risk: 'safe' });
  });
});
