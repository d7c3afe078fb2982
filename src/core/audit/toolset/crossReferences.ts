import { refOf, type ToolRef, type ToolsetFinding, type ToolsetRule } from './types';

/** A name distinctive enough to count as a mention: `read_file`, `browserNavigate`, not `search` or `list`. */
const distinctive = (name: string): boolean => /[_.-]|[a-z][A-Z]/.test(name) && name.length >= 5;
const mentions = (text: string, name: string): number => {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\w.-])${escaped}(?![\\w-])`).exec(text)?.index ?? -1;
};

/** A name made only of the characters a mention is cut at ([\w.-]): found by splitting the text into words. */
const MENTIONABLE = /^[\w.-]+$/;

/**
 * Every string `mentions` can find in a text: each run of [\w.-] that no word character or '.' or '-' precedes,
 * whole, and cut before each '.' in it (a name may be followed by a full stop, not by a letter, digit, '_' or '-').
 */
function mentionedWords(text: string): Set<string> {
  const words = new Set<string>();
  for (const run of text.match(/[\w.-]+/g) ?? []) {
    words.add(run);
    for (let dot = run.indexOf('.'); dot > 0; dot = run.indexOf('.', dot + 1)) words.add(run.slice(0, dot));
  }
  return words;
}

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
      ...others
        .filter((other) => other.manifest.id !== toolset.manifest.id)
        .flatMap((other) => other.tools.map((tool) => ({ ref: refOf(other, tool), own: false }))),
    ];
    const ownNames = new Set(toolset.tools.map((entry) => entry.name));
    // Candidates by name, in their order; a name of other characters than a mention can hold is looked for whole.
    const byName = new Map<string, number[]>();
    const unusual: number[] = [];
    candidates.forEach(({ ref }, index) => {
      if (!distinctive(ref.tool)) return;
      if (!MENTIONABLE.test(ref.tool)) unusual.push(index);
      else byName.set(ref.tool, [...(byName.get(ref.tool) ?? []), index]);
    });
    for (const tool of toolset.tools) {
      const named = new Set<number>(
        unusual.filter((index) => mentions(tool.description, candidates[index]!.ref.tool) >= 0),
      );
      for (const word of mentionedWords(tool.description)) for (const index of byName.get(word) ?? []) named.add(index);
      for (const index of [...named].sort((left, right) => left - right)) {
        const { ref, own } = candidates[index]!;
        if (ref.tool === tool.name || (!own && ownNames.has(ref.tool))) continue;
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
