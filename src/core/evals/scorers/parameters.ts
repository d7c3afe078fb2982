/**
 * Missing and hallucinated parameters, read off the tool's schema at the top level: required ones
 * left out, and names the schema does not declare (counted even where the schema allows extras,
 * because a name the description never mentions is still invented).
 */
import type { CheckContext } from '../../calls/check';
import { isJsonObject } from '../../json/is-json-object';

export interface ParameterFindings {
  missing: string[];
  hallucinated: string[];
}

export function parameterFindings(
  calls: readonly { tool: string; arguments: Record<string, unknown> | undefined }[],
  context: CheckContext,
): ParameterFindings {
  const missing: string[] = [];
  const hallucinated: string[] = [];
  for (const call of calls) {
    const tool = context.tools.get(call.tool);
    if (tool === undefined || call.arguments === undefined) continue;
    const schema = tool.inputSchema;
    const properties = isJsonObject(schema.properties) ? schema.properties : {};
    const required = Array.isArray(schema.required) ? schema.required : [];
    for (const name of required)
      if (typeof name === 'string' && !Object.hasOwn(call.arguments, name)) missing.push(`${call.tool}.${name}`);
    for (const name of Object.keys(call.arguments))
      if (!Object.hasOwn(properties, name)) hallucinated.push(`${call.tool}.${name}`);
  }
  return { missing, hallucinated };
}
