/** Anthropic Messages `tools`: {name, description, input_schema}. */
import type { RawTool } from '../types';
import { isRecord, pointerOf, type Reader } from './shared';

export const isAnthropicTool = (value: unknown): boolean => isRecord(value) && 'input_schema' in value;

export const readAnthropic: Reader = (entries, base) =>
  entries.map((entry, index): RawTool => {
    const tool = isRecord(entry) ? entry : {};
    return { index, pointer: `${base}${pointerOf(index)}`, name: tool.name, description: tool.description ?? '', schemaPointer: '/input_schema', schema: tool.input_schema };
  });
