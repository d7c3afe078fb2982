import { describe, expect, it, vi } from 'vitest';
import type { FormRequest } from '../../../core/mcp/input';
import { describeElicitation } from '../../../core/mcp/input/elicitation';
import { createMemoryToolsetStorage } from '../../lib/importedToolsets.test-support';
import type { SchemaChecks } from '../../lib/schemaWorker';
import { createToolsets } from '../toolsets';
import { createConnectionState } from './connectionState';
import { createMemoryConnectionStorage } from './savedConnections.test-support';

const ask = () =>
  describeElicitation({
    mode: 'form',
    message: 'Delete?',
    requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
  }) as FormRequest;

/** The page's connection state with a schema worker that counts the answers it is asked to check. */
function stateWithWorker(answer: SchemaChecks['answer']) {
  const checks = { answer: vi.fn(answer) };
  const state = createConnectionState({
    toolsets: createToolsets({ storage: createMemoryToolsetStorage([]), channelName: null }),
    storage: createMemoryConnectionStorage(),
    schemaChecks: () => Promise.resolve(checks as unknown as SchemaChecks),
  });
  return { state, checks };
}

describe("an elicitation answer's check", () => {
  it('asks the worker once for the same answer to the same request: the form checks it, then the client as it sends', async () => {
    const { state, checks } = stateWithWorker(async (_schema, content) =>
      content.confirm === true ? [] : [{ parameter: 'confirm', code: 'invalid_value', message: 'must be true' }],
    );
    const request = ask();
    expect(await state.checkAnswer(request, { confirm: true })).toEqual([]);
    expect(await state.checkAnswer(request, { confirm: true })).toEqual([]);
    expect(checks.answer).toHaveBeenCalledTimes(1);
    // Another answer, or the same answer to another request, is checked anew; the worker known, it is asked at once.
    const another = state.checkAnswer(request, { confirm: false });
    expect(checks.answer).toHaveBeenCalledTimes(2);
    expect(await another).toHaveLength(1);
    expect(await state.checkAnswer(ask(), { confirm: true })).toEqual([]);
    expect(checks.answer).toHaveBeenCalledTimes(3);
  });

  it('asks the worker again after a check that failed', async () => {
    let crash = true;
    const { state, checks } = stateWithWorker(async () => {
      if (crash) throw new Error('The schema checks crashed');
      return [];
    });
    const request = ask();
    await expect(state.checkAnswer(request, { confirm: true })).rejects.toThrow('crashed');
    crash = false;
    expect(await state.checkAnswer(request, { confirm: true })).toEqual([]);
    expect(checks.answer).toHaveBeenCalledTimes(2);
  });
});
