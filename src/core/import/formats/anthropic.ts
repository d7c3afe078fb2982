/** Anthropic Messages `tools`: {name, description, input_schema}. */
import type { RawTool } from '../types';
import { pointerOf, type Reader } from './shared';
import { isJsonObject } from '../../json/is-json-object';

export const isAnthropicTool = (value: unknown): boolean => isJsonObject(value) && 'input_schema' in value;

export const readAnthropic: Reader = (entries, base) =>
  entries.map((entry, index): RawTool => {
    const tool = isJsonObject(entry) ? entry : {};
    return {
      index,
      pointer: `${base}${pointerOf(index)}`,
      name: tool.name,
      description: tool.description ?? '',
      schemaPointer: '/input_schema',
      schema: tool.input_schema,
    };
  });
