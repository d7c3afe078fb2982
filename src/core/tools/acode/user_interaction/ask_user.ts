/** ask_user: put a question to the person at the keyboard; with options, the answer must be one of them. */
import type { ToolImplementation } from '../../../runtime/types';
import { fail, optionalStringArg, quote, stringArg, succeed } from '../../support/handler';

/** People take longer than tools: ten minutes before the question times out. */
export const USER_RESPONSE_TIMEOUT_MS = 10 * 60 * 1000;

function stringList(value: unknown): string[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const strings = value.filter((entry): entry is string => typeof entry === 'string');
  return strings.length > 0 ? strings : undefined;
}

export const tool: ToolImplementation = {
  name: 'ask_user',
  defaultTimeoutMs: USER_RESPONSE_TIMEOUT_MS,

  summarize(args) {
    const options = stringList(args['options']);
    return `Ask the user: '${quote(stringArg(args, 'question'), 100)}'${options ? ` (options: ${options.join(', ')})` : ''}`;
  },

  async run(args, context) {
    const question = stringArg(args, 'question');
    const options = stringList(args['options']);
    const defaultOption = optionalStringArg(args, 'default_option');
    if (defaultOption !== undefined && options && !options.includes(defaultOption)) {
      return fail(
        'validation_failed',
        `Parameter 'default_option': '${quote(defaultOption)}' must be one of the options (${options.join(', ')})`,
      );
    }

    const raw = await context.interaction.ask(question, options, defaultOption, context.signal);
    let answer = raw.trim() === '' && defaultOption !== undefined ? defaultOption : raw;
    if (options) {
      // Accept a different letter case or a 1-based option number, as a terminal user would type it.
      const trimmed = answer.trim();
      const byName = options.find((option) => option.toLowerCase() === trimmed.toLowerCase());
      const byNumber = /^\d+$/.test(trimmed) ? options[Number(trimmed) - 1] : undefined;
      const chosen = byName ?? byNumber;
      if (chosen === undefined) {
        return fail(
          'execution_failed',
          `The answer '${quote(answer)}' is not one of the options: ${options.join(', ')}`,
          { kind: 'answer', question, answer },
        );
      }
      answer = chosen;
    }
    return succeed({ kind: 'answer', question, answer }, `The user answered: ${quote(answer, 200)}`);
  },
};
