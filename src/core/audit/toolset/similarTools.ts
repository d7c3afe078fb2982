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

/** Tools a model cannot tell apart: names a character or two apart, or descriptions saying the same thing. */
export const similarTools: ToolsetRule = {
  id: 'similar-tools',
  description: 'No two tools a model cannot tell apart: names a character or two apart, or descriptions that say the same thing.',
  check({ toolset }) {
    const findings: ToolsetFinding[] = [];
    const described = toolset.tools.map((tool) => ({ tool, words: tokens(tool.description) }));
    for (let i = 0; i < described.length; i += 1) {
      for (let j = i + 1; j < described.length; j += 1) {
        const left = described[i];
        const right = described[j];
        if (!left || !right) continue;
        const similarity = nameSimilarity(left.tool.name, right.tool.name);
        const edits = Math.round((1 - similarity) * Math.max(left.tool.name.length, right.tool.name.length));
        const names = edits <= NAME_MAX_EDITS ? similarity : 0;
        const enough = left.words.length >= MIN_DESCRIPTION_WORDS && right.words.length >= MIN_DESCRIPTION_WORDS;
        const descriptions = enough ? jaccard(left.words, right.words) : 0;
        if (names < NAME_THRESHOLD && descriptions < DESCRIPTION_THRESHOLD) continue;
        const why = names >= NAME_THRESHOLD ? `their names are ${Math.round(names * 100)}% alike` : `their descriptions share ${Math.round(descriptions * 100)}% of their words`;
        findings.push({
          rule: this.id,
          severity: 'warning',
          message: `'${left.tool.name}' and '${right.tool.name}' are hard for a model to tell apart: ${why}. Say in each description what sets it apart and when to use it instead of the other.`,
          tools: [refOf(toolset, left.tool), refOf(toolset, right.tool)],
          pointer: names >= NAME_THRESHOLD ? '/name' : '/description',
        });
      }
    }
    return findings;
  },
};
