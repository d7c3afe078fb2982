/** A model's call judged by the validator every surface uses (src/core/calls): the same verdict and LLM text. */
import type { Validator } from '../../validation/validator';
import { checkCall, createCheckContext, type CheckContext } from '../../calls/check';
import type { CallFormat, CallResult } from '../../calls/types';
import type { ToolDefinition } from '../../toolset/types';
import type { ModelToolCall, ProviderAdapter } from '../spec';

export type { CallResult as CallVerdict };

export const judgeContext = (tools: readonly ToolDefinition[], validator: Validator): CheckContext =>
  createCheckContext(validator, tools);

/** The format the Check calls page names this provider's calls by. */
export const callFormatOf = (adapter: ProviderAdapter): CallFormat => adapter.exportFormat;

export function judgeCall(call: ModelToolCall, context: CheckContext, format: CallFormat, index: number): CallResult {
  return checkCall({ format, tool: call.name, arguments: call.argumentsText, id: call.id }, context, {
    index,
    line: 0,
  });
}
