/** OpenAI's two `tools` shapes: Chat Completions nests the function, Responses flattens it. */
import type { RawTool } from '../types';
import { isRecord, pointerOf, type Reader } from './shared';

export const isOpenAiChatTool = (value: unknown): boolean => isRecord(value) && value.type === 'function' && isRecord(value.function);

export const isOpenAiResponsesTool = (value: unknown): boolean =>
  isRecord(value) && value.type === 'function' && !('function' in value) && 'name' in value;

export const readOpenAiChat: Reader = (entries, base) =>
  entries.map((entry, index): RawTool => {
    const fn = isRecord(entry) && isRecord(entry.function) ? entry.function : {};
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
    const tool = isRecord(entry) ? entry : {};
    return {
      index,
      pointer: `${base}${pointerOf(index)}`,
      name: tool.name,
      description: tool.description ?? '',
      schemaPointer: '/parameters',
      schema: tool.parameters ?? { type: 'object', properties: {} },
    };
  });
