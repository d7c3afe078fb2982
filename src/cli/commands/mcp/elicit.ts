/**
 * Elicitation in the CLI. On a terminal the person is asked field by field (`!decline` or `!cancel` at any field
 * says no); otherwise answers come from `--input name=<json>` and `--inputs <file>`, and `--elicit
 * accept|decline|cancel` chooses the action. An answer is checked against the requested schema before it is
 * sent; one that is missing or refused is not sent, and the command says what was asked. A URL request prints
 * the full URL and its domain; the CLI never opens it.
 */
import {
  checkAnswer,
  withDefaults,
  type ElicitAction,
  type Elicitor,
  type FormField,
  type FormRequest,
  type UrlRequest,
} from '../../../core/mcp/input';
import type { Validator } from '../../../core/validation/validator';

/** A terminal to ask on (stdin and stderr are TTYs). */
export interface Terminal {
  ask(question: string): Promise<string>;
  print(line: string): void;
}

export interface CliElicitorOptions {
  validator: Validator;
  /** Answers by field name, from `--inputs <file>` and then `--input name=<json>` (later wins). */
  answers: Record<string, unknown>;
  /** `--elicit`: the action to answer with when not asking on a terminal. */
  action?: ElicitAction;
  terminal?: Terminal;
  /** Lines for the command's standard error (what was asked, the URL). */
  note: (line: string) => void;
}

/** Why an elicitation was not answered; the command prints it and fails. */
export class UnansweredElicitation extends Error {
  override name = 'UnansweredElicitation';
}

const describeField = (field: FormField): string =>
  `${field.name} (${field.title !== field.name ? `${field.title}, ` : ''}${field.type}${field.options ? `: ${field.options.map((option) => option.value).join(' | ')}` : ''}${field.required ? ', required' : ''}${field.default !== undefined ? `, default ${JSON.stringify(field.default)}` : ''})`;

/** What a person typed for a field, as the field's type. */
function parseTyped(field: FormField, typed: string): unknown {
  const text = typed.trim();
  if (field.type === 'boolean') {
    if (/^(y|yes|true)$/i.test(text)) return true;
    if (/^(n|no|false)$/i.test(text)) return false;
    return text;
  }
  if (field.type === 'number' || field.type === 'integer')
    return text === '' || Number.isNaN(Number(text)) ? text : Number(text);
  if (field.type === 'array')
    return text
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
  const byLabel = field.options?.find((option) => option.label === text);
  return byLabel ? byLabel.value : text;
}

/** An `--input` value: JSON, or for a text field the text itself. */
function parseInput(field: FormField | undefined, raw: unknown): unknown {
  if (typeof raw !== 'string') return raw;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    if (field && field.type !== 'string')
      throw new UnansweredElicitation(`--input ${field.name}: '${raw}' is not JSON (expected a ${field.type})`);
    return raw;
  }
}

async function askOnTerminal(terminal: Terminal, request: FormRequest, validator: Validator) {
  terminal.print(`The server asks: ${request.message}`);
  terminal.print(
    '(Answer each field; Enter keeps the default or leaves an optional field out; !decline or !cancel to refuse.)',
  );
  const content: Record<string, unknown> = {};
  let fields = request.fields;
  for (let attempt = 0; attempt < 3 && fields.length > 0; attempt += 1) {
    for (const field of fields) {
      const typed = await terminal.ask(
        `${describeField(field)}${field.description ? ` — ${field.description}` : ''}: `,
      );
      if (typed.trim() === '!decline') return { action: 'decline' as const };
      if (typed.trim() === '!cancel') return { action: 'cancel' as const };
      if (typed.trim() === '') delete content[field.name];
      else content[field.name] = parseTyped(field, typed);
    }
    const errors = checkAnswer(request, withDefaults(request, content), validator);
    if (errors.length === 0) return { action: 'accept' as const, content };
    for (const error of errors) terminal.print(`  ${error.parameter || '(answer)'}: ${error.message}`);
    const wrong = new Set(errors.map((error) => error.parameter.split(/[.[]/)[0]));
    fields = request.fields.filter((field) => wrong.has(field.name) || wrong.has(''));
  }
  throw new UnansweredElicitation(
    `elicitation: the answer to '${request.message}' still did not match the requested schema after 3 tries; nothing was sent.`,
  );
}

export function cliElicitor(options: CliElicitorOptions): Elicitor {
  return {
    async form(request) {
      if (options.terminal) return askOnTerminal(options.terminal, request, options.validator);
      const asked = `the server asked: '${request.message}' with the fields ${request.fields.map(describeField).join(', ')}`;
      options.note(`elicitation: ${asked}`);
      if (options.action === 'decline' || options.action === 'cancel') return { action: options.action };
      const fields = new Map(request.fields.map((field) => [field.name, field]));
      const content: Record<string, unknown> = {};
      for (const [name, raw] of Object.entries(options.answers))
        if (fields.has(name)) content[name] = parseInput(fields.get(name), raw);
      const missing = request.fields.filter(
        (field) => field.required && content[field.name] === undefined && field.default === undefined,
      );
      if (missing.length > 0) {
        throw new UnansweredElicitation(
          `elicitation: no answer for ${missing.map((field) => `'${field.name}'`).join(', ')}: ${asked}. Answer with --input ${missing[0]!.name}=<json> (or --inputs <file>), or refuse with --elicit decline; nothing was sent.`,
        );
      }
      const errors = checkAnswer(request, withDefaults(request, content), options.validator);
      if (errors.length > 0)
        throw new UnansweredElicitation(
          `elicitation: the answer does not match the requested schema (nothing was sent):\n${errors.map((error) => `  ${error.code}: ${error.parameter || '(answer)'}: ${error.message}`).join('\n')}`,
        );
      return { action: 'accept', content };
    },
    async url(request: UrlRequest) {
      const lines = [
        `The server asks you to open a page: ${request.message}`,
        `  URL:    ${request.url}`,
        `  Domain: ${request.domain}`,
        'This client does not open it: open it yourself if you trust that domain.',
      ];
      if (options.terminal) {
        for (const line of lines) options.terminal.print(line);
        const typed = (await options.terminal.ask('Done? [a]ccept (I finished) / [d]ecline / [c]ancel: '))
          .trim()
          .toLowerCase();
        return typed.startsWith('a') ? 'accept' : typed.startsWith('c') ? 'cancel' : 'decline';
      }
      for (const line of lines) options.note(line);
      return options.action ?? 'decline';
    },
  };
}
