import { describe, expect, it } from 'vitest';
import { compareProblems, NO_COMPARE, newColumn } from './compareSettings';
import { DEFAULT_SETTINGS } from './settings';

const settings = { ...DEFAULT_SETTINGS, model: 'gpt-4.1-mini', userMessage: 'Read the readme' };
const messages = (found: { message: string }[]) => found.map((problem) => problem.message);

describe('compareProblems', () => {
  it('has nothing to say about one run', () => {
    expect(compareProblems(settings, NO_COMPARE, ['read_file'])).toEqual([]);
  });

  it('names the column and the field of a second model that is not filled in', () => {
    const found = compareProblems(
      settings,
      { ...NO_COMPARE, kind: 'models', extra: [{ ...newColumn('anthropic'), baseUrl: 'localhost' }] },
      ['read_file'],
    );
    expect(messages(found)).toEqual([
      'Model 2 — Base URL: not an address (e.g. http://localhost:11434/v1).',
      'Model 2 — Model: type a model id or pick one from the list.',
      'Model 2 — API key: this provider needs your key.',
    ]);
    expect(found.every((problem) => problem.field === 'compare')).toBe(true);
  });

  it('lets a local server go without a key, and asks for a second model when there is none', () => {
    expect(
      compareProblems(
        settings,
        { ...NO_COMPARE, kind: 'models', extra: [{ ...newColumn('openai-compatible'), model: 'llama3.1' }] },
        [],
      ),
    ).toEqual([]);
    expect(messages(compareProblems(settings, { ...NO_COMPARE, kind: 'models' }, []))).toEqual([
      'Side by side: add a second model.',
    ]);
  });

  it('asks for the edited tool and its description, and refuses the agent loop', () => {
    expect(
      messages(compareProblems(settings, { ...NO_COMPARE, kind: 'toolsets', editTool: 'read_files' }, ['read_file'])),
    ).toEqual(['Edited tool: pick the tool whose description the second version changes.']);
    expect(
      messages(
        compareProblems(settings, { ...NO_COMPARE, kind: 'toolsets', editTool: 'read_file', editDescription: ' ' }, [
          'read_file',
        ]),
      ),
    ).toEqual(['Edited description: write the description to try.']);
    expect(
      messages(
        compareProblems(
          { ...settings, mode: 'agent' },
          { ...NO_COMPARE, kind: 'toolsets', editTool: 'read_file', editDescription: 'Read.' },
          ['read_file'],
        ),
      ),
    ).toEqual(['Side by side judges the calls of one step: choose "Judge the calls and stop".']);
  });
});

describe('compareProblems with an earlier version', () => {
  it('needs no edited description when the second column is an earlier version of the tool', () => {
    expect(
      compareProblems(settings, { ...NO_COMPARE, kind: 'toolsets', editTool: 'read_file', editVersion: '0.9.0' }, [
        'read_file',
      ]),
    ).toEqual([]);
  });
});
