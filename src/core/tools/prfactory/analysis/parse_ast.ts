/** ParseAST: a file's tree-sitter syntax tree as indented text, to a depth, named nodes only by default. */
import type { Node } from 'web-tree-sitter';
import type { ToolImplementation } from '../../../runtime/types';
import { grammarLanguageForPath, SUPPORTED_EXTENSIONS } from '../../acode/code_analysis/parsers/grammar-loader';
import { parserService } from '../../acode/code_analysis/parsers/parser-service';
import { booleanArg, fail, integerArg, quote, stringArg, succeed } from '../../support/handler';
import { validatePath } from '../path-validator';
import { READ_LIMIT_BYTES } from '../filesystem/read_file';

const MAX_AST_LINES = 5000;
const MAX_SOURCE_BYTES = Math.min(READ_LIMIT_BYTES, 1024 * 1024);

export const tool: ToolImplementation = {
  name: 'ParseAST',

  summarize: (args) => `Parse '${quote(stringArg(args, 'filePath'))}' to depth ${integerArg(args, 'maxDepth') ?? 8}`,

  async run(args, context) {
    const filePath = stringArg(args, 'filePath');
    const maxDepth = integerArg(args, 'maxDepth') ?? 8;
    const namedOnly = booleanArg(args, 'namedOnly', true);
    const resolved = await validatePath(context.workspace, filePath, { parameter: 'filePath', mustExist: true });
    if (!resolved.ok) return resolved.outcome;
    const language = grammarLanguageForPath(resolved.relative);
    if (!language)
      return fail(
        'unsupported_language',
        `Parameter 'filePath': no grammar for '${resolved.relative}'; supported extensions: ${SUPPORTED_EXTENSIONS.map((extension) => `.${extension}`).join(', ')}`,
      );
    const { fs } = context.workspace;
    const stat = await fs.stat(resolved.absolute);
    if (stat.isDirectory) return fail('is_a_directory', `Parameter 'filePath': '${resolved.relative}' is a directory`);
    if (stat.size > MAX_SOURCE_BYTES)
      return fail('file_too_large', `File size ${stat.size} bytes exceeds limit ${MAX_SOURCE_BYTES} bytes for parsing`);
    context.reportProgress({ fraction: null, message: `Loading the ${language} grammar` });
    const tree = await parserService.parseSource(language, await fs.readFile(resolved.absolute));
    const lines: string[] = [];
    let errors = 0;
    let truncated = false;
    const visit = (node: Node, depth: number): void => {
      if (lines.length >= MAX_AST_LINES) {
        truncated = true;
        return;
      }
      if (node.isError || node.isMissing) errors += 1;
      const position = `[${node.startPosition.row + 1}:${node.startPosition.column + 1}-${node.endPosition.row + 1}:${node.endPosition.column + 1}]`;
      const leafText =
        node.childCount === 0 && node.isNamed
          ? ` ${JSON.stringify(node.text.length > 60 ? `${node.text.slice(0, 59)}…` : node.text)}`
          : '';
      const label = node.isMissing ? `MISSING ${node.type}` : node.type;
      lines.push(`${'  '.repeat(depth)}${label} ${position}${leafText}`);
      if (depth + 1 >= maxDepth) return;
      const children = namedOnly ? node.namedChildren : node.children;
      for (const child of children) if (child) visit(child, depth + 1);
    };
    visit(tree.rootNode, 0);
    tree.delete();
    if (truncated) lines.push(`... (truncated at ${MAX_AST_LINES} nodes; lower maxDepth)`);
    return succeed(
      {
        kind: 'output',
        text: lines.join('\n'),
        language: 'plaintext',
        facts: [
          { label: 'Language', value: language },
          { label: 'Nodes shown', value: String(Math.min(lines.length, MAX_AST_LINES)) },
          { label: 'Syntax errors', value: String(errors) },
        ],
      },
      `Parsed ${resolved.relative} as ${language}: ${lines.length} nodes to depth ${maxDepth}${errors > 0 ? `, ${errors} syntax error node(s)` : ''}`,
    );
  },
};
