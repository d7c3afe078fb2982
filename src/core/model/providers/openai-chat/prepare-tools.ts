/** Chat Completions tools: the site's own 'openai-chat' export, unchanged. */
import { exportTools } from '../../../export';
import type { JsonObject, JsonValue, ToolDefinition } from '../../../toolset/types';
import type { ToolChoice } from '../../spec';

export const prepareTools = (tools: readonly ToolDefinition[]): JsonObject[] => exportTools(tools, 'openai-chat');

export function toolChoiceOf(choice: ToolChoice): JsonValue {
  if (choice.type === 'tool') return { type: 'function', function: { name: choice.name } };
  return choice.type;
}
