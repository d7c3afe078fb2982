import { toolsByCategory } from '../../core/toolset/categories';
import type { ToolDefinition, ToolsetBundle } from '../../core/toolset/types';
import { argumentProblem, flagValue, hasFlag, parseArguments } from '../args';
import { box, columns, firstSentence, oneLine, plural } from '../format';
import { createStyle } from '../style';
import { lines, ok, usageError, type CommandContext, type CommandResult } from '../types';
import type { Command } from '../command';
import { withToolset } from '../with-toolset';

export const LIST_USAGE = `Usage: tool-schemas list [--category <id>] [--count] [--show-versions] [--json]
       tool-schemas list --toolsets [--json]

  --category <id>   only the tools of one category (e.g. file_operations); the toolset's own id or
                    name (core, acode-core, "Acode core tools") means all of its tools
  --count           print only the number of tools
  --show-versions   show each tool's schema version
  --json            print the list as JSON
  --toolsets        the bundled toolsets (their ids go to --toolset)`;

const summaryOf = (tool: ToolDefinition) => oneLine(tool.summary ?? firstSentence(tool.description));

/** "core tools" from "Acode core tools": the noun the total line uses, taken from the manifest. */
const toolNoun = (bundle: ToolsetBundle): string => {
  const words = bundle.manifest.name.trim().split(/\s+/);
  return words.length >= 2 && /tools$/i.test(bundle.manifest.name) ? words.slice(1).join(' ').toLowerCase() : 'tools';
};

/** `file_operations`, `file-operations` and "File Operations" all name the same category. */
const normalise = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

/**
 * The names that mean the whole toolset, as in `list --category core`:
 * the manifest's id (`acode-core`) and name ("Acode core tools"), each also without its leading
 * namespace word (`core`) and without a trailing "tools".
 */
export const toolsetNames = (bundle: ToolsetBundle): Set<string> => {
  const names = new Set<string>();
  for (const text of [bundle.manifest.id, bundle.manifest.name]) {
    const words = normalise(text).split('_').filter(Boolean);
    const withoutTools = words.at(-1) === 'tools' && words.length > 1 ? words.slice(0, -1) : words;
    for (const variant of [words, withoutTools, withoutTools.slice(1)])
      if (variant.length > 0) names.add(variant.join('_'));
  }
  return names;
};

function listToolsets(context: CommandContext, json: boolean): CommandResult {
  const entries = context.toolsets.map((toolset) => ({
    id: toolset.manifest.id,
    name: toolset.manifest.name,
    version: toolset.manifest.version,
    tools: toolset.tools.length,
    categories: toolset.manifest.categories.length,
  }));
  if (json) return ok(`${JSON.stringify(entries, null, 2)}\n`);
  const style = createStyle(context.color);
  const table = columns(
    entries.map((entry) => [
      '  ' + style.cyan(entry.id),
      entry.name,
      style.dim(`v${entry.version}`),
      `${plural(entry.tools, 'tool')} in ${plural(entry.categories, 'category', 'categories')}`,
    ]),
  );
  return ok(
    lines(
      box(style.bold('BUNDLED TOOLSETS'), [
        '',
        ...table,
        '',
        `Use one with --toolset <id>; ${entries[0]?.id ?? 'the first'} is the default.`,
      ]),
    ),
  );
}

/**
 * `marks`: a short note after a tool's summary, by tool name (a live server's tools: the icon a tool has), in the
 * table only.
 */
export const listCommand = (
  argv: readonly string[],
  context: CommandContext,
  marks?: ReadonlyMap<string, string>,
): CommandResult => {
  const parsed = parseArguments(argv, {
    values: ['category'],
    switches: ['count', 'show-versions', 'json', 'toolsets'],
  });
  if (hasFlag(parsed, 'help')) return ok(`${LIST_USAGE}\n`);
  const problem =
    argumentProblem(parsed) ??
    (parsed.positionals.length > 0 ? `Unexpected argument: ${parsed.positionals.join(' ')}` : undefined);
  if (problem) return usageError(problem, LIST_USAGE);
  if (hasFlag(parsed, 'toolsets')) return listToolsets(context, hasFlag(parsed, 'json'));

  const { bundle } = context;
  const style = createStyle(context.color);
  const category = flagValue(parsed, 'category');
  let groups = toolsByCategory(bundle);
  // A category's own name wins over the toolset's, should the two ever coincide.
  const wanted = category === undefined ? undefined : normalise(category);
  const wholeToolset =
    wanted === undefined ||
    (!groups.some((group) => normalise(group.category.id) === wanted || normalise(group.category.name) === wanted) &&
      toolsetNames(bundle).has(wanted));
  if (wanted !== undefined && !wholeToolset) {
    groups = groups.filter(
      (group) => normalise(group.category.id) === wanted || normalise(group.category.name) === wanted,
    );
    if (groups.length === 0) {
      return usageError(
        `Unknown category '${category}'. Categories: ${bundle.manifest.categories.map((entry) => entry.id).join(', ')} (or '${bundle.manifest.id}' for all ${plural(bundle.tools.length, 'tool')})`,
      );
    }
  }
  const tools = groups.flatMap((group) => group.tools);

  if (hasFlag(parsed, 'count')) return ok(`${tools.length}\n`);
  if (hasFlag(parsed, 'json')) {
    // The same shape as the text: categories in manifest order, each with its tools, and the total.
    const listing = {
      toolset: { id: bundle.manifest.id, name: bundle.manifest.name, version: bundle.manifest.version },
      total: tools.length,
      categories: groups.map((group) => ({
        id: group.category.id,
        name: group.category.name,
        count: group.tools.length,
        tools: group.tools.map((tool) => ({
          name: tool.name,
          title: tool.title,
          summary: summaryOf(tool),
          version: tool.version,
          riskLevel: tool.riskLevel,
        })),
      })),
    };
    return ok(`${JSON.stringify(listing, null, 2)}\n`);
  }

  const showVersions = hasFlag(parsed, 'show-versions');
  // One table across all categories so the columns line up, with category headings between its rows.
  const rows = tools.map((tool) => [
    '  ' + style.cyan(tool.name),
    ...(showVersions ? [style.dim(`v${tool.version}`)] : []),
    marks?.has(tool.name) ? `${summaryOf(tool)} ${style.dim(`[${marks.get(tool.name)!}]`)}` : summaryOf(tool),
  ]);
  const table = columns(rows);
  const body: string[] = [''];
  let row = 0;
  for (const group of groups) {
    body.push(style.bold(group.category.name.toUpperCase()));
    body.push(...table.slice(row, row + group.tools.length));
    row += group.tools.length;
    body.push('');
  }
  const noun = toolNoun(bundle);
  const counted = bundle.tools.length === 1 ? noun.replace(/tools$/, 'tool') : noun;
  body.push(
    wholeToolset ? `Total: ${tools.length} ${counted}` : `Total: ${tools.length} of ${bundle.tools.length} ${counted}`,
  );
  return ok(lines(box(style.bold(bundle.manifest.name.toUpperCase()), body)));
};

export const command: Command = {
  name: 'list',
  usage: LIST_USAGE,
  summary: `list [--category <id>] [--count] [--show-versions] [--json]   list the tools by category`,
  run: withToolset(listCommand),
};
