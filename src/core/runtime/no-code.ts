/**
 * A tool of a built site that has neither code in the browser nor a mock (`site build --mocks`): its page says so,
 * in a sentence that tells the site's owner how to give it an answer, and its Execute checks the arguments (the
 * execution service does, before any handler) and then answers that nothing ran, so a reader meets neither
 * "tool not found" nor an approval for a call that does nothing.
 */
import type { ToolDefinition } from '../toolset/types';
import type { ToolImplementation, ToolOutcome } from './types';

/** A part of the sentence: words, or what the site's owner types (the page sets it as code). */
export type NoCodePart = { text: string } | { code: string };

/** What the catalog's card of such a tool says, in the words the sentence below starts with. */
export const NO_CODE_LABEL = 'No code on this site';

/**
 * What the page and Execute say of such a tool, in parts: one wording, with the flag and the entry's shape as
 * docs/site-build.md gives them.
 */
export const noCodeParts = (name: string): NoCodePart[] => [
  {
    text: `${name} has no code on this site: Execute checks the arguments against its schema and runs nothing. The site's owner gives it an answer with an entry in the JSON file of `,
  },
  { code: 'tool-schemas site build --mocks <file>' },
  { text: ': ' },
  { code: `"${name}": <result>` },
  { text: ', or ' },
  { code: `"${name}": { "$function": "(args) => ({ … })" }` },
  { text: ' to answer from the arguments.' },
];

/** The sentence as one text. */
export const noCodeMessage = (name: string): string =>
  noCodeParts(name)
    .map((part) => ('code' in part ? part.code : part.text))
    .join('');

/** Execute's answer, beside the page's sentence (which it does not repeat): what the call did, and what it did not. */
export const noCodeAnswer = (name: string): string =>
  `Nothing ran: the arguments pass the schema of ${name}, which has no code on this site.`;

/**
 * The handler such a tool executes with. Reached only with arguments the schema accepted, the call ends at the
 * service's precheck, before the approval step: a call that runs nothing is asked of nobody, at any risk level, and
 * its risk is that of running nothing.
 */
export function createNoCodeImplementation(definition: Pick<ToolDefinition, 'name'>): ToolImplementation {
  const message = noCodeAnswer(definition.name);
  const outcome = (): ToolOutcome => ({ success: false, errorCode: 'not_implemented', error: message, message });
  return {
    name: definition.name,
    summarize: (args) => `Check ${definition.name}(${Object.keys(args).join(', ')})`,
    effectiveRisk: () => 'safe',
    precheck: outcome,
    run: () => Promise.resolve(outcome()),
  };
}
