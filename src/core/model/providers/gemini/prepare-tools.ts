/** Gemini tools: the site's own 'gemini' export (function declarations), unchanged, in one tools entry. */
import { exportTools } from '../../../export';
import type { JsonObject, ToolDefinition } from '../../../toolset/types';
import type { ToolChoice } from '../../spec';

export const prepareTools = (tools: readonly ToolDefinition[]): JsonObject[] => exportTools(tools, 'gemini');

export function toolConfigOf(choice: ToolChoice): JsonObject {
  if (choice.type === 'tool') return { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: [choice.name] } };
  return {
    functionCallingConfig: { mode: choice.type === 'required' ? 'ANY' : choice.type === 'none' ? 'NONE' : 'AUTO' },
  };
}
