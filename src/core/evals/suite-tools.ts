/**
 * A suite read against its toolset: expected or forbidden tools the toolset lacks, and expected
 * arguments its schema does not declare. A typo there would never match and fail every run silently.
 */
import type { ToolDefinition } from '../toolset/types';
import { acceptedNames } from './matchers/tool-name';
import type { EvalSuite } from './types';
import { isJsonObject } from '../json/is-json-object';

export function suiteToolProblems(suite: EvalSuite, tools: readonly ToolDefinition[]): string[] {
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const problems: string[] = [];
  for (const evalCase of suite.cases) {
    for (const call of evalCase.expect.calls) {
      const names = acceptedNames(call.tool);
      const known = names.filter((name) => byName.has(name));
      if (known.length === 0) {
        problems.push(`case ${evalCase.id}: expects ${names.join(' or ')}, which the toolset does not have`);
        continue;
      }
      for (const argument of Object.keys(call.arguments ?? {})) {
        const declared = known.some((name) => {
          const properties = byName.get(name)!.inputSchema.properties;
          return !isJsonObject(properties) || Object.hasOwn(properties, argument);
        });
        const expectation = call.arguments![argument]!;
        if (!declared && !('absent' in expectation))
          problems.push(
            `case ${evalCase.id}: expects argument '${argument}' of ${known.join(' or ')}, whose schema does not declare it`,
          );
      }
    }
    for (const name of evalCase.expect.mustNotCall)
      if (!byName.has(name))
        problems.push(`case ${evalCase.id}: must not call ${name}, which the toolset does not have`);
  }
  return problems;
}
