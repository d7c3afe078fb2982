import { refOf, type ToolsetFinding, type ToolsetRule } from './types';

/** A tool name defined in two toolsets: loaded together, one shadows the other and calls reach the wrong code. */
export const shadowing: ToolsetRule = {
  id: 'shadowing',
  description: 'No tool name defined in two loaded toolsets: together, one would shadow the other.',
  check({ toolset, others }) {
    const findings: ToolsetFinding[] = [];
    for (const tool of toolset.tools) {
      for (const other of others) {
        if (other.manifest.id === toolset.manifest.id) continue;
        const twin = other.tools.find((candidate) => candidate.name === tool.name);
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
