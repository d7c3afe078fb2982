/**
 * The call checker as a library (`tool-schema-playground/calls`): the streaming checker and the
 * bundled toolsets, for pipelines that already read logs larger than one machine holds.
 *
 *   import { checkCallStream, createCompilingValidator, toolsets } from 'tool-schema-playground/calls';
 *   const check = checkCallStream(lines, toolsets[0].tools, { validator: createCompilingValidator() });
 *   for await (const result of check.results) if (result.status !== 'valid') console.log(result.llmText);
 *   console.log(check.summary());
 */
import { collection } from '../toolset/bundle';

export * from './index';
// A library runs in Node, where schemas are compiled on demand: it hands out the compiling validator.
export { createCompilingValidator } from '../validation/compile';
export const toolsets = collection.toolsets;
