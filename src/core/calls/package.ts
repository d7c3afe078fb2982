/**
 * The call checker as a library (`tool-schema-playground/calls`): the streaming checker and the
 * bundled toolsets, for pipelines that already read logs larger than one machine holds.
 *
 *   import { checkCallStream, toolsets } from 'tool-schema-playground/calls';
 *   const check = checkCallStream(lines, toolsets[0].tools);
 *   for await (const result of check.results) if (result.status !== 'valid') console.log(result.llmText);
 *   console.log(check.summary());
 */
// A library runs in Node, where schemas are compiled on demand: it brings the compiler with it.
import '../validation/compile';
import { collection } from '../toolset/bundle';

export * from './index';
export const toolsets = collection.toolsets;
