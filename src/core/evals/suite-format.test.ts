import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseSuite, suiteToJson } from './suite-format';

const yamlText = readFileSync(new URL('./fixtures/weather-suite.yaml', import.meta.url), 'utf8');

describe('suite files', () => {
  it('reads YAML with bare values as exact matches and every matcher kind', () => {
    const parsed = parseSuite(yamlText, 'weather-suite.yaml');
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
    const { suite } = parsed;
    expect(suite).toMatchObject({
      name: 'Weather assistant',
      toolset: 'weather-tools',
      toolsetVersion: '1.0.0',
      repetitions: 3,
    });
    expect(suite.cases.map((entry) => entry.id)).toEqual([
      'paris-weather',
      'two-cities',
      'email-then-nothing-else',
      'small-talk',
    ]);
    expect(suite.cases[0]!.expect.calls[0]!.arguments).toEqual({
      city: { anyOf: ['Paris', 'Paris, France'] },
      unit: { absent: true },
    });
    expect(suite.cases[1]!.messages).toEqual([
      { role: 'system', content: 'You are a travel assistant.' },
      { role: 'user', content: 'Weather in Oslo and Rome for the next 3 days, please.' },
    ]);
    expect(suite.cases[1]!.expect.calls[1]!.arguments).toEqual({ city: { equals: 'Rome' }, days: { equals: 3 } });
    expect(suite.cases[2]!.expect).toMatchObject({ order: 'sequence', mustNotCall: ['delete_account'] });
    expect(suite.cases[2]!.expect.calls[0]!.tool).toEqual(['get_weather', 'get_forecast']);
    expect(suite.cases[3]!.expect).toEqual({
      calls: [],
      order: 'any',
      noCall: true,
      mustNotCall: [],
      allowExtraCalls: false,
    });
  });

  it('round-trips through its JSON export', () => {
    const parsed = parseSuite(yamlText, 'weather-suite.yaml');
    if (!parsed.ok) throw new Error('unreadable');
    const again = parseSuite(suiteToJson(parsed.suite), 'suite.json');
    expect(again).toEqual(parsed);
  });

  it('reports every mistake with its pointer and rule, all at once', () => {
    const parsed = parseSuite(
      JSON.stringify({
        name: 'x',
        toolsets: 'typo',
        repetitions: 0,
        cases: [
          {
            id: 'a',
            prompt: 'hi',
            expect: {
              calls: [{ tool: 'get_weather', arguments: { city: { pattern: '(a)\\1' }, days: { anyOf: [] } } }],
              order: 'random',
            },
          },
          { id: 'a', prompt: 'hi', expect: { noCall: true, calls: [{ tool: 'x' }] } },
          { prompt: '', expect: { calls: [{ tool: [] }] } },
          { id: 'c', messages: [{ role: 'robot', content: 'x' }], expect: { mustNotCall: ['x', 3] } },
        ],
      }),
    );
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.problems.map((problem) => problem.pointer)).toEqual([
      '/toolsets',
      '/toolset',
      '/repetitions',
      '/cases/0/expect/calls/0/arguments/city/pattern',
      '/cases/0/expect/calls/0/arguments/days/anyOf',
      '/cases/0/expect/order',
      '/cases/1/expect/noCall',
      '/cases/1/id',
      '/cases/2/id',
      '/cases/2/prompt',
      '/cases/2/expect/calls/0/tool',
      '/cases/3/messages/0',
      '/cases/3/expect/mustNotCall',
    ]);
    expect(parsed.problems[1]!.message).toBe("'toolset' is required: a non-empty string");
    expect(parsed.problems[7]!.message).toBe("case id 'a' is already used by /cases/0");
  });

  it('says when the text is neither JSON nor YAML', () => {
    const parsed = parseSuite('{ "name": ', 'suite.json');
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.problems[0]!.message).toMatch(/^neither JSON nor YAML/);
  });
});

describe('a suite against its toolset', () => {
  it('names expected tools and arguments the toolset does not have', async () => {
    const { suiteToolProblems } = await import('./suite-tools');
    const { testTools } = await import('./context.test-support');
    const parsed = parseSuite(yamlText, 'weather-suite.yaml');
    if (!parsed.ok) throw new Error('fixture');
    const suite = parsed.suite;
    suite.cases[0]!.expect.calls[0]!.arguments!.citty = { equals: 'Paris' };
    expect(suiteToolProblems(suite, testTools)).toEqual([
      "case paris-weather: expects argument 'citty' of get_weather, whose schema does not declare it",
      // One of the two accepted names exists: that is enough.
    ]);
    expect(
      suiteToolProblems(
        suite,
        testTools.filter((tool) => tool.name !== 'delete_account'),
      ),
    ).toContain('case email-then-nothing-else: must not call delete_account, which the toolset does not have');
  });
});
