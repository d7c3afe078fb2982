import { refOf, type ToolRef, type ToolsetFinding, type ToolsetRule } from './types';

/** A name distinctive enough to count as a mention: `read_file`, `browserNavigate`, not `search` or `list`. */
const distinctive = (name: string): boolean => /[_.-]|[a-z][A-Z]/.test(name) && name.length >= 5;
const mentions = (text: string, name: string): number => {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\w.-])${escaped}(?![\\w-])`).exec(text)?.index ?? -1;
};

/**
 * A description that names another tool. Within a toolset that is usually guidance ("call list_files first");
 * naming a tool of another toolset is how a poisoned server steers calls to tools it does not own.
 */
export const crossReferences: ToolsetRule = {
  id: 'cross-references',
  description: 'Descriptions that name another tool: guidance within a toolset, a warning sign across toolsets.',
  check({ toolset, others }) {
    const findings: ToolsetFinding[] = [];
    const candidates: { ref: ToolRef; own: boolean }[] = [
      ...toolset.tools.map((tool) => ({ ref: refOf(toolset, tool), own: true })),
      ...others.filter((other) => other.manifest.id !== toolset.manifest.id).flatMap((other) => other.tools.map((tool) => ({ ref: refOf(other, tool), own: false }))),
    ];
    for (const tool of toolset.tools) {
      const ownNames = new Set(toolset.tools.map((entry) => entry.name));
      for (const { ref, own } of candidates) {
        if (ref.tool === tool.name || !distinctive(ref.tool) || (!own && ownNames.has(ref.tool))) continue;
        if (mentions(tool.description, ref.tool) < 0) continue;
        findings.push({
          rule: this.id,
          severity: own ? 'info' : 'warning',
          message: own
            ? `The description of '${tool.name}' names '${ref.tool}' of the same toolset; keep such guidance true when either tool changes.`
            : `The description of '${tool.name}' names '${ref.tool}', a tool of the toolset '${ref.toolset}': a tool that steers the model toward tools it does not own is a sign of tool poisoning.`,
          tools: [refOf(toolset, tool), ref],
          pointer: '/description',
        });
      }
    }
    return findings;
  },
};
