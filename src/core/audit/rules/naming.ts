import type { NamingStyle } from '../../toolset/types';
import type { AuditRule } from '../types';
import { reporter } from './finding';

const STYLES: Record<NamingStyle, { pattern: RegExp; tool: string; parameter: string }> = {
  snake_case: {
    pattern: /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/,
    tool: "'read_file'",
    parameter: "'start_line', not 'startLine'",
  },
  camelCase: {
    pattern: /^[a-z][a-z0-9]*([A-Z][a-z0-9]*)*$/,
    tool: "'readFile'",
    parameter: "'startLine', not 'start_line'",
  },
  PascalCase: { pattern: /^([A-Z][a-z0-9]*)+$/, tool: "'ReadFile'", parameter: "'StartLine'" },
};

/** Naming conventions: tool and parameter names in the toolset's style (snake_case unless it declares another), semver versions. */
export const naming: AuditRule = {
  id: 'naming',
  description:
    "Tool and parameter names follow the toolset's naming style (snake_case unless its manifest declares camelCase or PascalCase) and the version is semver (MAJOR.MINOR.PATCH).",
  check(context) {
    const { findings, report } = reporter(context, this.id);
    const toolStyle = context.naming?.tools ?? 'snake_case';
    const parameterStyle = context.naming?.parameters ?? 'snake_case';
    if (!STYLES[toolStyle].pattern.test(context.tool.name)) {
      report(
        'warning',
        `Tool name '${context.tool.name}' is not ${toolStyle}; rename it (e.g. ${STYLES[toolStyle].tool}) so models see one convention.`,
      );
    }
    if (!/^\d+\.\d+\.\d+$/.test(context.tool.version ?? '')) {
      report('error', `Version '${context.tool.version}' is not MAJOR.MINOR.PATCH; use semver such as 1.0.0.`);
    }
    for (const node of context.nodes) {
      if (node.kind === 'property' && !STYLES[parameterStyle].pattern.test(node.name)) {
        report(
          'warning',
          `Parameter name '${node.parameter}' is not ${parameterStyle}; rename it (e.g. ${STYLES[parameterStyle].parameter}).`,
          node.parameter,
        );
      }
    }
    return findings;
  },
};
