/**
 * The site as text for agents: a Markdown twin of every tool page (what the page says: description, parameters with
 * every bound, enum and default, relationships, output, examples, error codes, provider formats, schema), llms.txt
 * (one line for the site, each toolset and each tool, linking each tool's twin) and llms-full.txt (all of it).
 * Pure functions: the build writes what they return, and the tool page's Copy as Markdown copies the same text.
 *
 * Written here rather than through a Markdown writer (mdast-util-to-markdown with its GFM table extension): the
 * output is headings, lists, fenced blocks and one kind of table, and the escaping it needs is four rules
 * (cellText, inlineCode, prose, fence) that the unit tests pin down.
 */
import { EXPORT_FORMATS, EXPORT_FORMAT_INFO, exportTool } from '../core/export';
import { parameterRows, type ParameterRow } from '../core/toolset/parameters';
import type { JsonSchema, JsonValue, ToolDefinition, ToolsetBundle } from '../core/toolset/types';
import { toolErrorCodes } from './error-codes';

/**
 * Prose from a definition, safe in Markdown: no raw HTML (a `<` or `&` is escaped, so a renderer shows it as text),
 * and one paragraph stays one paragraph where a line break would end it.
 */
export const prose = (text: string): string => text.replace(/\\/g, '\\\\').replace(/([<&])/g, '\\$1');

/** Text for one table cell: pipes escaped, line breaks as spaces, HTML escaped as in prose; empty reads as '—'. */
export const cellText = (text: string): string => {
  const flat = prose(text).replace(/\r?\n/g, ' ').replace(/\|/g, '\\|').trim();
  return flat === '' ? '—' : flat;
};

/** A code span around any text: delimited by more backticks than the longest run inside (CommonMark's rule). */
export const inlineCode = (text: string, inTable = false): string => {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const ticks = '`'.repeat(longest + 1);
  const padded = text.startsWith('`') || text.endsWith('`') ? ` ${text} ` : text;
  const code = `${ticks}${padded}${ticks}`;
  return inTable ? code.replace(/\|/g, '\\|') : code;
};

/** A fenced block that no run of backticks inside can close. */
export const fence = (code: string, language = ''): string => {
  const longest = Math.max(0, ...(code.match(/`{3,}/g) ?? []).map((run) => run.length));
  const ticks = '`'.repeat(Math.max(3, longest + 1));
  return `${ticks}${language}\n${code}\n${ticks}`;
};

const json = (value: JsonValue | JsonSchema): string => fence(JSON.stringify(value, null, 2), 'json');

const requiredText = (row: ParameterRow): string =>
  row.required === null ? '—' : row.required ? 'required' : 'optional';

/** The parameter table of the tool page, row for row (core/toolset/parameters.ts makes both). */
export function parameterTable(schema: JsonSchema): string {
  const rows = parameterRows(schema);
  const header = [
    '| Name | Type | Required | Default | Constraints | Description |',
    '| --- | --- | --- | --- | --- | --- |',
  ];
  const lines = rows.map((row) =>
    [
      inlineCode(row.name, true),
      inlineCode(row.type, true),
      requiredText(row),
      row.defaultValue !== undefined ? inlineCode(row.defaultValue, true) : '—',
      row.constraints.length > 0 ? row.constraints.map((constraint) => inlineCode(constraint, true)).join('; ') : '—',
      cellText(row.description),
    ].join(' | '),
  );
  return [...header, ...lines.map((line) => `| ${line} |`)].join('\n');
}

const heading = (level: number, text: string) => `${'#'.repeat(Math.min(level, 6))} ${text}`;

export interface ToolMarkdownOptions {
  /** The level of the tool's own heading (1 on its own page; deeper inside llms-full.txt). */
  headingLevel?: number;
}

/** The Markdown twin of a tool's page. */
export function toolMarkdown(toolset: ToolsetBundle, tool: ToolDefinition, options: ToolMarkdownOptions = {}): string {
  const level = options.headingLevel ?? 1;
  const h = (depth: number, text: string) => heading(level + depth, text);
  const category = toolset.manifest.categories.find((entry) => entry.id === tool.category)?.name ?? tool.category;
  const parts: string[] = [];
  parts.push(h(0, inlineCode(tool.name)));
  parts.push(prose(tool.title));
  parts.push(
    [
      `- Toolset: ${prose(toolset.manifest.name)} (${inlineCode(toolset.manifest.id)}), version ${prose(toolset.manifest.version)}`,
      `- Category: ${prose(category)}`,
      `- Risk level: ${tool.riskLevel}`,
      `- Version: ${prose(tool.version)}`,
      ...(tool.tags.length > 0 ? [`- Tags: ${tool.tags.map((tag) => inlineCode(tag)).join(', ')}`] : []),
    ].join('\n'),
  );
  parts.push(h(1, 'Description'), prose(tool.description));

  parts.push(h(1, 'Parameters'));
  parts.push(
    parameterRows(tool.inputSchema).length > 0 ? parameterTable(tool.inputSchema) : 'This tool takes no parameters.',
  );
  const relationships = tool.relationships ?? [];
  if (relationships.length > 0)
    parts.push(
      h(2, 'Relationships'),
      relationships.map((relationship) => `- ${prose(relationship.description)}`).join('\n'),
    );

  if (tool.outputSchema) {
    parts.push(
      h(1, 'Output'),
      "The fields of the result's structuredContent, as the tool's output schema declares them.",
    );
    parts.push(
      parameterRows(tool.outputSchema).length > 0
        ? parameterTable(tool.outputSchema)
        : 'The output schema declares no fields.',
    );
  }

  parts.push(h(1, 'Examples'));
  if (tool.examples.length === 0) parts.push('No examples for this tool.');
  for (const example of tool.examples) parts.push(h(2, prose(example.title)), json(example.arguments));
  if (tool.invalidExamples.length > 0) {
    parts.push(h(2, 'Invalid examples'), 'Each of these is refused with the error code shown.');
    for (const example of tool.invalidExamples) {
      const at = example.expected.parameter ? ` at ${inlineCode(example.expected.parameter)}` : '';
      parts.push(
        h(3, prose(example.title)),
        `Refused with ${inlineCode(example.expected.code)}${at}.`,
        json(example.arguments),
      );
    }
  }

  parts.push(
    h(1, 'Error codes'),
    'The codes a call of this tool can be refused with, and the parameters that can give each.',
  );
  const codes = toolErrorCodes(tool).map((entry) => {
    const parameters = entry.parameters
      .map((parameter) => (parameter === '' ? 'the arguments object' : inlineCode(parameter, true)))
      .join(', ');
    return `| ${inlineCode(entry.code, true)} | ${cellText(entry.meaning)} | ${parameters} |`;
  });
  parts.push(['| Code | When | Parameters |', '| --- | --- | --- |', ...codes].join('\n'));

  parts.push(h(1, 'Provider formats'));
  for (const format of EXPORT_FORMATS) {
    const exported = exportTool(tool, format);
    parts.push(h(2, prose(exported.label)));
    const description = EXPORT_FORMAT_INFO[format]?.description;
    if (description) parts.push(prose(description));
    parts.push(json(exported.value));
    if (exported.notes.length > 0) parts.push(exported.notes.map((note) => `- ${prose(note)}`).join('\n'));
  }

  parts.push(h(1, 'JSON Schema'), json(tool.inputSchema));
  return `${parts.join('\n\n')}\n`;
}

/** The first sentence of a text, for one-line entries. */
function firstSentence(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const sentence = flat.split(/(?<=\.)\s/)[0] ?? flat;
  return sentence.length > 200 ? `${sentence.slice(0, 197)}…` : sentence;
}

export interface SiteText {
  title: string;
  description: string;
}

/** Where llms.txt links: a toolset's catalog page and a tool's Markdown twin. */
export interface SiteLinks {
  catalog: (toolset: ToolsetBundle) => string;
  toolMarkdown: (toolset: ToolsetBundle, tool: ToolDefinition) => string;
}

const linkTarget = (url: string) => url.replace(/[()\s]/g, (character) => encodeURIComponent(character));
const linkText = (text: string) => prose(text).replace(/[[\]]/g, '\\$&');

/** llms.txt: the site, then per toolset one line and one line per tool linking its Markdown twin. */
export function llmsTxt(site: SiteText, toolsets: readonly ToolsetBundle[], links: SiteLinks): string {
  const parts = [`# ${prose(site.title)}`, `> ${cellText(site.description)}`];
  for (const toolset of toolsets) {
    const count = `${toolset.tools.length} tool${toolset.tools.length === 1 ? '' : 's'}`;
    parts.push(
      `## ${prose(toolset.manifest.name)}`,
      `[${linkText(toolset.manifest.name)}](${linkTarget(links.catalog(toolset))}): ${count}, version ${prose(toolset.manifest.version)}. ${cellText(firstSentence(toolset.manifest.description))}`,
    );
    parts.push(
      toolset.tools
        .map(
          (tool) =>
            `- [${linkText(tool.name)}](${linkTarget(links.toolMarkdown(toolset, tool))}): ${cellText(firstSentence(tool.summary ?? tool.description))}`,
        )
        .join('\n'),
    );
  }
  return `${parts.join('\n\n')}\n`;
}

/** llms-full.txt: the site and every toolset with every tool's twin in full, its headings one level below its toolset's. */
export function llmsFullTxt(site: SiteText, toolsets: readonly ToolsetBundle[]): string {
  const parts = [`# ${prose(site.title)}`, `> ${cellText(site.description)}`];
  for (const toolset of toolsets) {
    parts.push(`## ${prose(toolset.manifest.name)}`, prose(toolset.manifest.description));
    for (const tool of toolset.tools) parts.push(toolMarkdown(toolset, tool, { headingLevel: 3 }).trimEnd());
  }
  return `${parts.join('\n\n')}\n`;
}
