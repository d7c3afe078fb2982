/** OpenAI's two `tools` shapes: Chat Completions nests the function, Responses flattens it. */
import type { RawTool } from '../types';
import { pointerOf, type Reader } from './shared';
import { isJsonObject } from '../../json/is-json-object';

export const isOpenAiChatTool = (value: unknown): boolean =>
  isJsonObject(value) && value.type === 'function' && isJsonObject(value.function);

export const isOpenAiResponsesTool = (value: unknown): boolean =>
  isJsonObject(value) && value.type === 'function' && !('function' in value) && 'name' in value;

export const readOpenAiChat: Reader = (entries, base) =>
  entries.map((entry, index): RawTool => {
    const fn = isJsonObject(entry) && isJsonObject(entry.function) ? entry.function : {};
    return {
      index,
      pointer: `${base}${pointerOf(index)}`,
      name: fn.name,
      description: fn.description ?? '',
      schemaPointer: '/function/parameters',
      // OpenAI allows omitting parameters for a function without arguments.
      schema: fn.parameters ?? { type: 'object', properties: {} },
    };
  });

export const readOpenAiResponses: Reader = (entries, base) =>
  entries.map((entry, index): RawTool => {
    const tool = isJsonObject(entry) ? entry : {};
    return {
      index,
      pointer: `${base}${pointerOf(index)}`,
      name: tool.name,
      description: tool.description ?? '',
      schemaPointer: '/parameters',
      schema: tool.parameters ?? { type: 'object', properties: {} },
    };
  });
