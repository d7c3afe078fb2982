import type { ToolDefinition } from '../../toolset/types';
import { refOf, type ToolsetFinding, type ToolsetRule } from './types';

/** A tool name defined in two toolsets: loaded together, one shadows the other and calls reach the wrong code. */
export const shadowing: ToolsetRule = {
  id: 'shadowing',
  description: 'No tool name defined in two loaded toolsets: together, one would shadow the other.',
  check({ toolset, others }) {
    const findings: ToolsetFinding[] = [];
    // Each other toolset's first tool of each name, looked up instead of searched for every tool.
    const indexed = others
      .filter((other) => other.manifest.id !== toolset.manifest.id)
      .map((other) => {
        const byName = new Map<string, ToolDefinition>();
        for (const candidate of other.tools) if (!byName.has(candidate.name)) byName.set(candidate.name, candidate);
        return { other, byName };
      });
    for (const tool of toolset.tools) {
      for (const { other, byName } of indexed) {
        const twin = byName.get(tool.name);
        if (!twin) continue;
        findings.push({
          rule: this.id,
          severity: 'error',
          message: `'${tool.name}' is also defined by the toolset '${other.manifest.name}'; loaded together, one shadows the other and a call may reach the wrong tool. Rename one, or prefix names with the toolset.`,
          tools: [refOf(toolset, tool), refOf(other, twin)],
          pointer: '/name',
        });
      }
    }
    return findings;
  },
};
