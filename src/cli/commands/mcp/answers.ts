/**
 * What the CLI answers when a server asks: elicitation (a terminal, or --input/--inputs and --elicit), sampling
 * (declined unless --sampling-reply gives the text to answer with), roots (--root, none by default). Problems
 * (a missing or refused answer) are kept so the command can say what was asked rather than what the server made
 * of the refusal.
 */
import { rootFrom, type ClientAnswers, type ElicitAction } from '../../../core/mcp/input';
import { parseArguments as parseJson } from '../../../core/validation/validator';
import type { Validator } from '../../../core/validation/validator';
import { cliElicitor, UnansweredElicitation, type Terminal } from './elicit';
import type { McpArgs } from './target';

export interface CliAnswers {
  answers: ClientAnswers;
  /** Lines for standard error: what was asked, URLs to open. */
  notes: string[];
  /** Why an elicitation was not answered. */
  problems: string[];
}

const ACTIONS: readonly ElicitAction[] = ['accept', 'decline', 'cancel'];

export function answersFrom(
  args: McpArgs,
  validator: Validator,
  readFile: ((path: string) => string) | undefined,
  terminal: Terminal | undefined,
): CliAnswers | { error: string } {
  const given: Record<string, unknown> = {};
  const file = args.flags.get('inputs');
  if (typeof file === 'string') {
    let text: string;
    try {
      text = (
        readFile ??
        (() => {
          throw new Error('no file reader');
        })
      )(file);
    } catch (error) {
      return { error: `--inputs: cannot read ${file} (${(error as Error).message})` };
    }
    const parsed = parseJson(text);
    if (!parsed.ok || !parsed.value || typeof parsed.value !== 'object' || Array.isArray(parsed.value))
      return { error: `--inputs: ${file} must hold one JSON object of answers by field name` };
    Object.assign(given, parsed.value);
  }
  for (const item of args.repeated.input ?? []) {
    const equals = item.indexOf('=');
    if (equals <= 0) return { error: `--input: expected name=<json>, got '${item}'` };
    given[item.slice(0, equals)] = item.slice(equals + 1);
  }
  const action = args.flags.get('elicit');
  if (action !== undefined && !ACTIONS.includes(action as ElicitAction))
    return { error: `--elicit: expected accept, decline or cancel, got '${String(action)}'` };
  const notes: string[] = [];
  const problems: string[] = [];
  const elicitor = cliElicitor({
    validator,
    answers: given,
    ...(action ? { action: action as ElicitAction } : {}),
    ...(terminal ? { terminal } : {}),
    note: (line) => notes.push(line),
  });
  const keep = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      if (error instanceof UnansweredElicitation) problems.push(error.message);
      throw error;
    }
  };
  const reply = args.flags.get('sampling-reply');
  return {
    notes,
    problems,
    answers: {
      validator,
      elicitor: {
        form: (request) => keep(() => elicitor.form(request)),
        url: (request) => keep(() => elicitor.url(request)),
      },
      roots: (args.repeated.root ?? []).map(rootFrom),
      ...(typeof reply === 'string'
        ? {
            sampler: async (request) => {
              notes.push(`sampling: answered '${request.messages.at(-1)?.text ?? ''}' with the --sampling-reply text`);
              return {
                model: 'tool-schemas-sampling-reply',
                role: 'assistant' as const,
                content: { type: 'text' as const, text: reply },
              };
            },
          }
        : {}),
    },
  };
}
