/** Messages tools: the site's own 'anthropic' export, unchanged. */
import { exportTools } from '../../../export';
import type { JsonObject, ToolDefinition } from '../../../toolset/types';
import type { ToolChoice } from '../../spec';

export const prepareTools = (tools: readonly ToolDefinition[]): JsonObject[] => exportTools(tools, 'anthropic');

export function toolChoiceOf(choice: ToolChoice): JsonObject {
  if (choice.type === 'tool') return { type: 'tool', name: choice.name };
  if (choice.type === 'required') return { type: 'any' };
  return { type: choice.type };
}
