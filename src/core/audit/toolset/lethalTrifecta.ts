import type { ToolDefinition, ToolsetBundle } from '../../toolset/types';
import { refOf, type ToolsetRule } from './types';

type Capability = 'untrusted' | 'private' | 'outbound';

/**
 * What a tool lets a model do, read from its name and the first sentence of its description (the rest of a
 * description mentions too much to go by: a browser tool's text names pages and files it never reads). Verb and
 * object together, so `create_issue` is a way out and `get_issue` untrusted content. Words, not certainty: the
 * finding names the tool behind each capability so a reviewer can check it.
 */
const SIGNS: Record<Capability, RegExp> = {
  // Content someone else wrote reaches the model: web pages, search results, mail, issues, messages.
  untrusted:
    /\b(?:fetch|scrape|crawl|browse|navigate|url|web|(?:get|list|read|search)\s(?:\w+\s)?(?:issues?|comments?|e-?mails?|messages?|pull\srequests?|posts?|tweets?))\b/i,
  // The user's own data: files, repositories, databases, notes, memory, secrets.
  private:
    /\b(?:read|get|search|list|query|open|retrieve)\s(?:\w+\s){0,2}(?:files?|director(?:y|ies)|repositor(?:y|ies)|database|tables?|notes?|memory|graph|nodes|entities|documents?|pages?|secrets?|credentials?)\b/i,
  // A way for data to leave: run code, send requests, post, write where others can read.
  outbound:
    /\b(?:execute|exec|shell|evaluate|run\s(?:\w+\s)?(?:scripts?|code|commands?)|send|post|upload|publish|webhook|push|e-?mail|create\s(?:\w+\s)?(?:issues?|comments?|pull\srequests?|pages?|gists?|repositor(?:y|ies)))\b/i,
};

const firstSentence = (text: string): string => /^[^.!?\n]*/.exec(text.trim())?.[0] ?? '';
const textOf = (tool: ToolDefinition): string =>
  `${tool.name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_.-]+/g, ' ')}. ${firstSentence(tool.description)}`;

const capabilitiesOf = (tool: ToolDefinition): Set<Capability> => {
  const text = textOf(tool);
  const found = new Set<Capability>();
  for (const [capability, pattern] of Object.entries(SIGNS) as [Capability, RegExp][])
    if (pattern.test(text)) found.add(capability);
  // A critical tool (a shell, a script runner) can reach anything: it is a way out whatever its words say.
  if (tool.riskLevel === 'critical') found.add('outbound');
  return found;
};

const LABEL: Record<Capability, string> = {
  untrusted: 'untrusted content',
  private: 'private data',
  outbound: 'a way out',
};

/** The first tool (in toolset order) with each capability, preferring different tools for the three. */
const witnesses = (toolset: ToolsetBundle): Partial<Record<Capability, ToolDefinition>> => {
  const chosen: Partial<Record<Capability, ToolDefinition>> = {};
  const used = new Set<string>();
  for (const capability of ['untrusted', 'outbound', 'private'] as Capability[]) {
    const holders = toolset.tools.filter((tool) => capabilitiesOf(tool).has(capability));
    const pick = holders.find((tool) => !used.has(tool.name)) ?? holders[0];
    if (pick) {
      chosen[capability] = pick;
      used.add(pick.name);
    }
  }
  return chosen;
};

/**
 * The "lethal trifecta": untrusted content, private data and a way out in one toolset. Text from a web page or
 * an issue can then instruct the model to read the user's data and send it away, with no tool misbehaving.
 */
export const lethalTrifecta: ToolsetRule = {
  id: 'lethal-trifecta',
  description:
    'No toolset that gives a model untrusted content, private data and a way out together (the lethal trifecta).',
  check({ toolset }) {
    const chosen = witnesses(toolset);
    const { untrusted, private: secret, outbound } = chosen;
    if (!untrusted || !secret || !outbound) return [];
    const named = (['untrusted', 'private', 'outbound'] as Capability[]).map(
      (capability) => `${LABEL[capability]} ('${chosen[capability]?.name}')`,
    );
    return [
      {
        rule: this.id,
        severity: 'warning',
        message: `This toolset combines ${named.join(', ')}: text from untrusted content can instruct the model to read private data and send it out. Split these tools between agents, require approval for the way out, or keep untrusted content away from private data.`,
        tools: [refOf(toolset, untrusted), refOf(toolset, secret), refOf(toolset, outbound)],
      },
    ];
  },
};
