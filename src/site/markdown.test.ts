import { describe, expect, it } from 'vitest';
import { collection } from '../core/toolset/bundle';
import { parameterRows } from '../core/toolset/parameters';
import type { ToolDefinition, ToolsetBundle } from '../core/toolset/types';
import { EXPORT_FORMATS, exportTool } from '../core/export';
import { cellText, fence, inlineCode, llmsFullTxt, llmsTxt, parameterTable, prose, toolMarkdown } from './markdown';

const acode = collection.toolsets.find((toolset) => toolset.manifest.id === 'acode-core')!;
const tool = (name: string, from: ToolsetBundle = acode) => from.tools.find((entry) => entry.name === name)!;
const site = { title: 'Tool Schema Playground', description: 'Docs for agent tools.' };
const links = {
  catalog: (toolset: ToolsetBundle) => `/toolsets/${toolset.manifest.id}/`,
  toolMarkdown: (toolset: ToolsetBundle, entry: ToolDefinition) =>
    `/toolsets/${toolset.manifest.id}/tools/${entry.name}/index.md`,
};

/** A tool of our own, with everything the twin must carry and text that tries to break out of it. */
const hostile: ToolDefinition = {
  name: 'odd_tool',
  title: 'Odd <b>tool</b>',
  description: 'Line one.\nUses a | pipe and <script>alert(1)</script> & more.',
  version: '2.1.0',
  category: 'misc',
  riskLevel: 'high',
  tags: ['x`y'],
  inputSchema: {
    type: 'object',
    properties: {
      mode: { type: 'string', enum: ['a|b', 'c'], default: 'c', description: 'Pick | one\nof two' },
      count: { type: 'integer', minimum: 1, maximum: 9 },
      files: { type: 'array', items: { type: 'string', maxLength: 10 }, maxItems: 3, uniqueItems: true },
    },
    required: ['mode'],
    additionalProperties: false,
  },
  examples: [{ title: 'Pick c', arguments: { mode: 'c', note: '```' } }],
  invalidExamples: [{ title: 'No mode', arguments: {}, expected: { code: 'required', parameter: 'mode' } }],
  relationships: [
    { kind: 'not_less_than', parameter: 'count', other: 'mode', description: 'count is not less than <mode>.' },
  ],
};
const hostileToolset: ToolsetBundle = {
  manifest: {
    id: 'odd',
    name: 'Odd set',
    version: '0.1.0',
    description: 'Odd tools. More words.',
    categories: [{ id: 'misc', name: 'Misc', description: '', tools: ['odd_tool'] }],
  },
  tools: [hostile],
};

describe('escaping', () => {
  it('prose keeps text as text: no HTML, backslashes doubled', () => {
    expect(prose('a <b> & c\\d')).toBe('a \\<b> \\& c\\\\d');
  });
  it('a table cell is one line with its pipes escaped, and never empty', () => {
    expect(cellText('a | b\nc')).toBe('a \\| b c');
    expect(cellText('  ')).toBe('—');
  });
  it('a code span outlasts the backticks inside, and escapes pipes in a table', () => {
    expect(inlineCode('read_file')).toBe('`read_file`');
    expect(inlineCode('x`y')).toBe('``x`y``');
    expect(inlineCode('`edge')).toBe('`` `edge ``');
    expect(inlineCode('a|b', true)).toBe('`a\\|b`');
  });
  it('a fence outlasts any fence inside', () => {
    expect(fence('plain', 'json')).toBe('```json\nplain\n```');
    expect(fence('has ```` inside')).toBe('`````\nhas ```` inside\n`````');
  });
});

describe('toolMarkdown: the twin of a tool page', () => {
  it('holds the parameter table of the page, row for row, with every bound, enum and default', () => {
    const readFile = tool('read_file');
    const table = parameterTable(readFile.inputSchema).split('\n');
    const rows = parameterRows(readFile.inputSchema);
    expect(table).toHaveLength(rows.length + 2);
    expect(table.slice(2).map((line) => /^\| `([^`]+)`/.exec(line)?.[1])).toEqual(rows.map((row) => row.name));
    expect(table[2]).toBe(
      `| \`path\` | \`string\` | required | — | \`max length 4096\`; \`format workspace-path\` | ${cellText(rows[0]!.description)} |`,
    );
    expect(table.find((line) => line.startsWith('| `encoding`'))).toContain(
      '| optional | `"utf-8"` | `one of "utf-8", "ascii", "utf-16"` |',
    );
    expect(table.find((line) => line.startsWith('| `start_line`'))).toContain('`minimum 1`');
  });

  it('has the description, relationships, output, examples, error codes, provider formats and schema', () => {
    const askUser = tool('ask_user');
    const text = toolMarkdown(acode, askUser);
    expect(text.startsWith('# `ask_user`\n\n')).toBe(true);
    expect(text).toContain(`## Description\n\n${prose(askUser.description)}\n`);
    expect(text).toContain('### Relationships\n\n- default_option, when given, must be one of options.');
    for (const example of askUser.examples)
      expect(text).toContain(
        `### ${prose(example.title)}\n\n\`\`\`json\n${JSON.stringify(example.arguments, null, 2)}\n\`\`\``,
      );
    for (const example of askUser.invalidExamples) expect(text).toContain(`Refused with \`${example.expected.code}\``);
    expect(text).toMatch(/## Error codes\n[\s\S]*\| `required` \| a required parameter is missing \| `question` \|/);
    // The relationship's code is listed for its parameter.
    expect(text).toMatch(/\| `invalid_value` \| [^\n]*`default_option`/);
    for (const format of EXPORT_FORMATS) {
      const exported = exportTool(askUser, format);
      expect(text).toContain(`### ${prose(exported.label)}`);
      expect(text).toContain(JSON.stringify(exported.value, null, 2));
    }
    expect(text).toContain(`## JSON Schema\n\n\`\`\`json\n${JSON.stringify(askUser.inputSchema, null, 2)}\n\`\`\`\n`);
    const readFile = toolMarkdown(acode, tool('read_file'));
    expect(readFile).toContain("## Output\n\nThe fields of the result's structuredContent");
    expect(readFile).toMatch(/\| `path_outside_workspace` \| a path leaves the workspace \| `path` \|/);
  });

  it('keeps hostile text inert: no raw HTML, no broken table row, no fence closed early', () => {
    const text = toolMarkdown(hostileToolset, hostile);
    // Outside code (where a renderer shows text as it is), no tag is left raw.
    const outsideCode = text.replace(/^(`{3,})[^\n]*\n[\s\S]*?\n\1$/gm, '');
    expect(outsideCode).toContain('Odd \\<b>tool\\</b>');
    expect(outsideCode).not.toMatch(/(?<!\\)<\/?(script|b)>/);
    expect(text).toContain('\\<script>alert(1)\\</script> \\& more.');
    expect(text).toContain('| `mode` | `string` | required | `"c"` | `one of "a\\|b", "c"` | Pick \\| one of two |');
    expect(text).toContain('- Tags: ``x`y``');
    // The example's value holds a fence; the block around it is longer.
    expect(text).toContain('````json\n{\n  "mode": "c",\n  "note": "```"\n}\n````');
    expect(text).toContain('### Relationships\n\n- count is not less than \\<mode>.');
    expect(text).toMatch(/\| `out_of_range` \| [^|]+ \| `count` \|/);
    expect(text).toMatch(/\| `items_not_unique` \| [^|]+ \| `files` \|/);
    expect(text).toMatch(/\| `string_too_long` \| [^|]+ \| `files\[\]` \|/);
  });

  it('says so when a tool takes no parameters and has no examples', () => {
    const bare: ToolDefinition = {
      ...hostile,
      inputSchema: { type: 'object', properties: {} },
      examples: [],
      invalidExamples: [],
      relationships: [],
    };
    const text = toolMarkdown(hostileToolset, bare);
    expect(text).toContain('## Parameters\n\nThis tool takes no parameters.');
    expect(text).toContain('## Examples\n\nNo examples for this tool.');
    expect(text).not.toContain('Relationships');
  });
});

describe('llms.txt and llms-full.txt', () => {
  it('llms.txt: the site, each toolset and each tool on one line, linking its Markdown', () => {
    const text = llmsTxt(site, collection.toolsets, links);
    const lines = text.split('\n');
    expect(lines[0]).toBe('# Tool Schema Playground');
    expect(lines[2]).toBe('> Docs for agent tools.');
    for (const toolset of collection.toolsets) {
      expect(text).toContain(
        `## ${toolset.manifest.name}\n\n[${toolset.manifest.name}](/toolsets/${toolset.manifest.id}/): ${toolset.tools.length} tools`,
      );
      for (const entry of toolset.tools)
        expect(
          lines.filter((line) =>
            line.startsWith(`- [${entry.name}](/toolsets/${toolset.manifest.id}/tools/${entry.name}/index.md): `),
          ),
        ).toHaveLength(1);
    }
    const toolLines = lines.filter((line) => line.startsWith('- ['));
    expect(toolLines).toHaveLength(collection.toolsets.reduce((sum, toolset) => sum + toolset.tools.length, 0));
  });

  it('a tool line is one line however its description runs, and brackets in a name cannot end the link', () => {
    const odd = { ...hostile, name: 'a]b', summary: 'Does (things).\nSecond line' };
    const text = llmsTxt(site, [{ ...hostileToolset, tools: [odd] }], links);
    expect(text).toContain('- [a\\]b](/toolsets/odd/tools/a]b/index.md): Does (things).\n');
  });

  it('llms-full.txt holds every twin, its headings below its toolset', () => {
    const text = llmsFullTxt(site, [hostileToolset, acode]);
    expect(text).toContain('## Odd set\n\nOdd tools. More words.');
    expect(text).toContain('### `odd_tool`');
    expect(text).toContain('#### Parameters');
    for (const entry of acode.tools) expect(text).toContain(`### \`${entry.name}\`\n`);
    expect(text).toContain(toolMarkdown(acode, tool('read_file'), { headingLevel: 3 }).trimEnd());
  });
});
