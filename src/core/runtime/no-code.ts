/**
 * A tool of a built site that has neither code in the browser nor a mock (`site build --mocks`): its page says so,
 * and its Execute checks the arguments (the execution service does, before any handler) and then answers with the
 * same words, so a reader learns what the site's owner can do rather than meeting "tool not found".
 */
import type { ToolDefinition } from '../toolset/types';
import type { ToolImplementation } from './types';

/** A part of the sentence: words, or what the site's owner types (the page sets it as code). */
export type NoCodePart = { text: string } | { code: string };

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

/** The sentence as one text: Execute's answer. */
export const noCodeMessage = (name: string): string =>
  noCodeParts(name)
    .map((part) => ('code' in part ? part.code : part.text))
    .join('');

/** The handler such a tool executes with: reached only with arguments the schema accepted, it answers noCodeMessage. */
export function createNoCodeImplementation(definition: Pick<ToolDefinition, 'name'>): ToolImplementation {
  const message = noCodeMessage(definition.name);
  return {
    name: definition.name,
    summarize: (args) => `Check ${definition.name}(${Object.keys(args).join(', ')})`,
    run: () => Promise.resolve({ success: false, errorCode: 'not_implemented', error: message, message }),
  };
}
