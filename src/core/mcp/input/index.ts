/**
 * What a server may ask of this client, declared and answered in one place. On a 2025-era connection the server
 * sends `elicitation/create`, `sampling/createMessage` and `roots/list` requests; on a 2026-07-28 one it answers
 * with `input_required` and the SDK's client fulfils the embedded requests through the same handlers, then
 * retries with `inputResponses` and the echoed `requestState`, at most `MAX_INPUT_ROUNDS` times.
 */
import type { Client, ClientCapabilities, Root } from '@modelcontextprotocol/client';
import type { Validator } from '../../validation/validator';
import { checkWith, elicitationHandler, type AnswerCheck, type Elicitor } from './elicitation';
import { rootsHandler } from './roots';
import { samplingHandler, type Sampler } from './sampling';

export type {
  AnswerCheck,
  AskContext,
  Elicitor,
  FormAnswer,
  FormField,
  FormRequest,
  UrlRequest,
  ElicitAction,
} from './elicitation';
export { checkAnswer, checkWith, withDefaults } from './elicitation';
export type { Sampler, SamplingRequest } from './sampling';
export { describeSampling } from './sampling';
export { rootFrom } from './roots';

/** A call whose server keeps asking for input stops after this many rounds. */
export const MAX_INPUT_ROUNDS = 8;

export interface ClientAnswers {
  /** Asks the person; without it, no elicitation capability is declared. */
  elicitor?: Elicitor;
  /** Checks an elicitation answer before it is sent. `elicitor` needs this or `check`. */
  validator?: Validator;
  /** Checks an elicitation answer before it is sent, where the validator runs elsewhere (the page's worker). */
  check?: AnswerCheck;
  /** Answers sampling; without it, each request is declined. */
  sampler?: Sampler;
  /** The roots to report; none by default. */
  roots?: readonly Root[];
}

/**
 * What the client answers, made once per connection: the capabilities it declares, and the answer to a request by
 * method, for a request a task embeds in its `inputRequests` (the tasks extension).
 */
export interface ClientInput {
  capabilities: ClientCapabilities;
  /** The same handlers as a server's own requests; a method this client does not answer is an error naming it. */
  answer: (method: string, params: unknown) => Promise<unknown>;
}

/**
 * Declares on a client (before it connects) what it answers, and registers the handlers of a server's requests:
 * elicitation only with someone to ask, sampling declined without a sampler, roots none unless given.
 */
export function answerServerRequests(client: Client, answers: ClientAnswers): ClientInput {
  const capabilities: ClientCapabilities = {
    ...(answers.elicitor ? { elicitation: { form: {}, url: {} } } : {}),
    sampling: {},
    roots: {},
  };
  client.registerCapabilities(capabilities);
  const check = answers.check ?? (answers.validator ? checkWith(answers.validator) : undefined);
  if (answers.elicitor && !check)
    throw new Error('answers.elicitor: an elicitor needs the validator (or check) that checks its answers; pass one');
  const elicit = answers.elicitor && check ? elicitationHandler(answers.elicitor, check) : undefined;
  if (elicit)
    client.setRequestHandler('elicitation/create', (request, ctx) =>
      elicit(request.params, { signal: ctx.mcpReq.signal }),
    );
  const sample = samplingHandler(answers.sampler);
  client.setRequestHandler('sampling/createMessage', (request, ctx) =>
    sample(request.params, { signal: ctx.mcpReq.signal }),
  );
  const roots = rootsHandler(answers.roots);
  client.setRequestHandler('roots/list', () => roots());
  return {
    capabilities,
    answer: async (method, params) => {
      if (method === 'elicitation/create' && elicit) return elicit(params as Parameters<typeof elicit>[0]);
      if (method === 'sampling/createMessage') return sample(params as Parameters<typeof sample>[0]);
      if (method === 'roots/list') return roots();
      throw new Error(
        method === 'elicitation/create'
          ? 'elicitation/create: this client was opened with no one to ask'
          : `${method}: not a request this client answers`,
      );
    },
  };
}
