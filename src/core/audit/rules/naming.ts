import type { AuditRule } from '../types';
import { reporter } from './finding';

const SNAKE_CASE = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/;

/** Naming conventions: snake_case tool and parameter names, semver versions. */
export const naming: AuditRule = {
  id: 'naming',
  description: 'Tool and parameter names are snake_case and the version is semver (MAJOR.MINOR.PATCH).',
  check(context) {
    const { findings, report } = reporter(context, this.id);
    if (!SNAKE_CASE.test(context.tool.name)) {
      report('warning', `Tool name '${context.tool.name}' is not snake_case; rename it (e.g. 'read_file') so models see one convention.`);
    }
    if (!/^\d+\.\d+\.\d+$/.test(context.tool.version ?? '')) {
      report('error', `Version '${context.tool.version}' is not MAJOR.MINOR.PATCH; use semver such as 1.0.0.`);
    }
    for (const node of context.nodes) {
      if (node.kind === 'property' && !SNAKE_CASE.test(node.name)) {
        report('warning', `Parameter name '${node.parameter}' is not snake_case; rename it (e.g. 'start_line', not 'startLine').`, node.parameter);
      }
    }
    return findings;
  },
};
