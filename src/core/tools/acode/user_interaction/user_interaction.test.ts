import { describe, expect, it } from 'vitest';
import { answering, createTestBench } from '../../support/context.test-support';
import { tool as askUser } from './ask_user';
import { tool as confirmAction } from './confirm_action';

describe('ask_user', () => {
  it('returns a free-form answer', async () => {
    const bench = await createTestBench();
    const interaction = answering('PostgreSQL');
    const outcome = await bench.run(askUser, { question: 'What database provider should I use?' }, { interaction });
    expect(outcome.data).toEqual({
      kind: 'answer',
      question: 'What database provider should I use?',
      answer: 'PostgreSQL',
    });
    expect(interaction.asked).toEqual([['What database provider should I use?', undefined, undefined]]);
  });

  it('passes options and the default, and normalises the chosen option', async () => {
    const bench = await createTestBench();
    const interaction = answering('nunit');
    const args = {
      question: 'Which testing framework?',
      options: ['xUnit', 'NUnit', 'MSTest'],
      default_option: 'xUnit',
    };
    const outcome = await bench.run(askUser, args, { interaction });
    expect(outcome.data).toMatchObject({ answer: 'NUnit' });
    expect(interaction.asked[0]).toEqual(['Which testing framework?', ['xUnit', 'NUnit', 'MSTest'], 'xUnit']);
    expect((await bench.run(askUser, args, { interaction: answering('') })).data).toMatchObject({ answer: 'xUnit' });
    expect((await bench.run(askUser, args, { interaction: answering('3') })).data).toMatchObject({ answer: 'MSTest' });
  });

  it('rejects an answer that is not one of the options', async () => {
    const bench = await createTestBench();
    const outcome = await bench.run(
      askUser,
      { question: 'Yes or no?', options: ['Yes', 'No'] },
      { interaction: answering('Maybe') },
    );
    expect(outcome.success).toBe(false);
    expect(outcome.error).toContain('not one of the options');
  });

  it('rejects a default that is not an option', async () => {
    const bench = await createTestBench();
    const outcome = await bench.run(askUser, { question: 'Q?', options: ['a'], default_option: 'b' });
    expect(outcome.errorCode).toBe('validation_failed');
    expect(outcome.error).toContain("'default_option'");
  });

  it('waits longer than ordinary tools and summarizes', () => {
    expect(askUser.defaultTimeoutMs).toBeGreaterThan(60_000);
    expect(askUser.summarize({ question: 'Include logging?', options: ['Yes', 'No'] })).toBe(
      "Ask the user: 'Include logging?' (options: Yes, No)",
    );
  });
});

describe('confirm_action', () => {
  it('returns the confirmation and passes destructive on', async () => {
    const bench = await createTestBench();
    const interaction = answering('', true);
    const outcome = await bench.run(
      confirmAction,
      { action_description: 'Drop and recreate the database', destructive: true },
      { interaction },
    );
    expect(outcome.data).toEqual({ kind: 'confirmation', action: 'Drop and recreate the database', confirmed: true });
    expect(interaction.confirmations).toEqual([['Drop and recreate the database', true]]);
  });

  it('treats a refusal as a successful answer', async () => {
    const bench = await createTestBench();
    const interaction = answering('', false);
    const outcome = await bench.run(
      confirmAction,
      { action_description: 'Push changes to the main branch' },
      { interaction },
    );
    expect(outcome.success).toBe(true);
    expect(outcome.data).toMatchObject({ confirmed: false });
    expect(outcome.message).toContain('declined');
    expect(interaction.confirmations[0]).toEqual(['Push changes to the main branch', false]);
  });

  it('summarizes', () => {
    expect(confirmAction.summarize({ action_description: 'Delete all files in temp', destructive: true })).toBe(
      "Ask the user to confirm: 'Delete all files in temp' (destructive)",
    );
  });
});
