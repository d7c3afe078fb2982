/** Syntax errors of a source file, from its tree-sitter parse: ERROR and MISSING nodes, in order. */
import type { Node } from 'web-tree-sitter';
import type { SyntaxProblem } from '../../../../workspace/types';
import { parserService } from './parser-service';
import type { GrammarLanguage } from './grammar-loader';

/** A file with a great many errors is reported by its first ones. */
const MAX_PROBLEMS = 20;

function describeError(node: Node): string {
  if (node.isMissing) return `'${node.type}' expected`;
  const text = node.text.split('\n')[0]!.trim();
  const shown = text.length > 40 ? `${text.slice(0, 40)}…` : text;
  return shown ? `Syntax error near '${shown}'` : 'Syntax error';
}

async function syntaxProblems(language: GrammarLanguage, source: string): Promise<SyntaxProblem[]> {
  const tree = await parserService.parseSource(language, source);
  const problems: SyntaxProblem[] = [];
  const visit = (node: Node): void => {
    if (problems.length >= MAX_PROBLEMS) return;
    if (node.isMissing || node.type === 'ERROR') {
      problems.push({
        line: node.startPosition.row + 1,
        column: node.startPosition.column + 1,
        message: describeError(node),
      });
      return;
    }
    if (!node.hasError) return;
    for (const child of node.children) if (child) visit(child);
  };
  try {
    visit(tree.rootNode);
  } finally {
    tree.delete();
  }
  return problems;
}

export const checkCSharpSyntax = (source: string): Promise<SyntaxProblem[]> => syntaxProblems('csharp', source);
