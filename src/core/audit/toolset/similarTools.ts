import type { ToolDefinition } from '../../toolset/types';
import { laterCandidates, nameIndex, wordSetIndex } from './candidates';
import { jaccard, nameSimilarity, tokens } from './similarity';
import { refOf, type ToolsetFinding, type ToolsetRule } from './types';

/**
 * Thresholds, measured over the 1,891 tool pairs of the bundled toolsets and the corpus of published servers.
 * Names: an edit distance of at most 2 with a normalized Levenshtein similarity of 0.85 or more catches a plural or
 * a typo (`firecrawl_monitor_check`/`_checks`, `API-get-user`/`-users`, 0.92–0.96) but not siblings with another
 * verb (`monitor_get`/`monitor_run` at 0.86 differ by 3). Descriptions: word-set Jaccard of 0.85 or more (both of
 * 6 words or more) catches `list_directory`/`list_directory_with_sizes` (0.89), while CRUD siblings generated from
 * one API (`API-retrieve-a-data-source`/`API-update-a-data-source`) stay at 0.80 or below.
 */
const NAME_THRESHOLD = 0.85;
const NAME_MAX_EDITS = 2;
const DESCRIPTION_THRESHOLD = 0.85;
const MIN_DESCRIPTION_WORDS = 6;
/**
 * Look-alikes listed for each tool (those after it in the toolset), and candidates from the indexes checked for each
 * at most: a toolset of thousands of near-copies would otherwise list millions of pairs. In the bundled toolsets, the corpus
 * of published servers and the provider samples, no tool has more than one look-alike after it.
 */
const LISTED = 5;
const TRIED = 256;

/** Tools a model cannot tell apart: names a character or two apart, or descriptions saying the same thing. */
export const similarTools: ToolsetRule = {
  id: 'similar-tools',
  description:
    'No two tools a model cannot tell apart: names a character or two apart, or descriptions that say the same thing.',
  check({ toolset }) {
    const findings: ToolsetFinding[] = [];
    const described = toolset.tools.map((tool) => ({ tool, words: tokens(tool.description) }));
    // Only the later tools an index says can pass, in toolset order, and at most LISTED look-alikes per tool.
    const byName = nameIndex(
      described.map(({ tool }) => tool.name),
      NAME_MAX_EDITS,
      NAME_THRESHOLD,
    );
    const byWords = wordSetIndex(
      described.map(({ words }) => words),
      DESCRIPTION_THRESHOLD,
      (index) => described[index]!.words.length >= MIN_DESCRIPTION_WORDS,
    );
    const crowded: ToolDefinition[] = [];
    described.forEach((left, index) => {
      let listed = 0;
      let tried = 0;
      for (const other of laterCandidates(index, byName, byWords)) {
        if (++tried > TRIED) break;
        const right = described[other]!;
        const similarity = nameSimilarity(left.tool.name, right.tool.name);
        const edits = Math.round((1 - similarity) * Math.max(left.tool.name.length, right.tool.name.length));
        const names = edits <= NAME_MAX_EDITS ? similarity : 0;
        const enough = left.words.length >= MIN_DESCRIPTION_WORDS && right.words.length >= MIN_DESCRIPTION_WORDS;
        const descriptions = enough ? jaccard(left.words, right.words) : 0;
        if (names < NAME_THRESHOLD && descriptions < DESCRIPTION_THRESHOLD) continue;
        if (listed === LISTED) {
          crowded.push(left.tool);
          break;
        }
        listed += 1;
        const why =
          names >= NAME_THRESHOLD
            ? `their names are ${Math.round(names * 100)}% alike`
            : `their descriptions share ${Math.round(descriptions * 100)}% of their words`;
        findings.push({
          rule: this.id,
          severity: 'warning',
          message: `'${left.tool.name}' and '${right.tool.name}' are hard for a model to tell apart: ${why}. Say in each description what sets it apart and when to use it instead of the other.`,
          tools: [refOf(toolset, left.tool), refOf(toolset, right.tool)],
          pointer: names >= NAME_THRESHOLD ? '/name' : '/description',
        });
      }
    });
    if (crowded.length > 0) {
      const named = crowded
        .slice(0, 3)
        .map((tool) => `'${tool.name}'`)
        .join(', ');
      findings.push({
        rule: this.id,
        severity: 'warning',
        message: `${crowded.length === 1 ? `${named} has` : `${crowded.length.toLocaleString('en')} tools (${named}${crowded.length > 3 ? '…' : ''}) have`} more look-alikes after them than the ${LISTED} listed for each: the toolset holds many tools a model cannot tell apart. Make each name and description say what sets the tool apart.`,
        tools: crowded.slice(0, 3).map((tool) => refOf(toolset, tool)),
      });
    }
    return findings;
  },
};
