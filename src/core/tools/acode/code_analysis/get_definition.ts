/** get_definition: "Go to Definition" for the identifier at file:line:column. */
import type { SymbolLocation, ToolImplementation } from '../../../runtime/types';
import { fail, integerArg, quote, resolve, stringArg, succeed } from '../../support/handler';
import { grammarLanguageForPath, type GrammarLanguage } from './parsers/grammar-loader';
import type { DefinitionKind, SymbolDefinition } from './parsers/outline';
import { analyseSource, toLocation, type AnalysedFile } from './symbol-index';
import { readSourcesInScope, readSourceText } from './sources';

/** Types and callables are likelier targets than same-named variables. */
const KIND_PRIORITY: DefinitionKind[] = [
  'class',
  'interface',
  'struct',
  'record',
  'enum',
  'type',
  'delegate',
  'function',
  'method',
  'constructor',
  'property',
  'field',
  'event',
  'enum_member',
  'constant',
  'variable',
  'namespace',
  'parameter',
];

const LANGUAGE_FAMILY: Record<GrammarLanguage, string> = {
  typescript: 'script',
  tsx: 'script',
  python: 'python',
  csharp: 'csharp',
};

interface Occurrence {
  name: string;
  line: number;
  column: number;
  definition: SymbolDefinition | null;
}

/** The identifier covering the column, or ending just before it (a cursor placed after a word). */
function occurrenceAt(file: AnalysedFile, line: number, column: number): Occurrence | null {
  const covers = (candidate: { name: string; line: number; column: number }, slack: number): boolean =>
    candidate.line === line && column >= candidate.column && column < candidate.column + candidate.name.length + slack;
  for (const slack of [0, 1]) {
    const definition = file.outline.definitions.find((candidate) => covers(candidate, slack));
    if (definition) return { name: definition.name, line: definition.line, column: definition.column, definition };
    const reference = file.outline.references.find((candidate) => covers(candidate, slack));
    if (reference) return { ...reference, definition: null };
  }
  return null;
}

const byPriority = (first: SymbolDefinition, second: SymbolDefinition): number =>
  KIND_PRIORITY.indexOf(first.kind) - KIND_PRIORITY.indexOf(second.kind);

/** In the same file: the innermost scope that contains the use wins, then the nearest declaration above it. */
function resolveInFile(file: AnalysedFile, name: string, line: number): SymbolDefinition | null {
  const named = file.outline.definitions.filter((definition) => definition.name === name);
  const visible = named.filter((definition) => definition.scopeStartLine <= line && line <= definition.scopeEndLine);
  if (visible.length > 0) {
    const span = (definition: SymbolDefinition) => definition.scopeEndLine - definition.scopeStartLine;
    visible.sort((first, second) => {
      const bySpan = span(first) - span(second);
      if (bySpan !== 0) return bySpan;
      const firstAbove = first.line <= line ? 0 : 1;
      const secondAbove = second.line <= line ? 0 : 1;
      if (firstAbove !== secondAbove) return firstAbove - secondAbove;
      return Math.abs(line - first.line) - Math.abs(line - second.line);
    });
    return visible[0]!;
  }
  // A member used through an object (`service.findUser`) is declared in a type elsewhere in the file.
  const members = named.filter((definition) => definition.scopeKind !== 'function').sort(byPriority);
  return members[0] ?? null;
}

export const tool: ToolImplementation = {
  name: 'get_definition',

  async run(args, context) {
    const filePath = stringArg(args, 'file_path');
    const line = integerArg(args, 'line');
    const column = integerArg(args, 'column');
    if (line === undefined || line < 1)
      return fail('validation_failed', "Parameter 'line' must be an integer of at least 1 (lines are 1-indexed)");
    if (column === undefined || column < 1)
      return fail('validation_failed', "Parameter 'column' must be an integer of at least 1 (columns are 1-indexed)");
    const resolved = await resolve(context.workspace, filePath, { parameter: 'file_path', mustExist: true });
    if (!resolved.ok) return resolved.outcome;
    const stat = await context.workspace.fs.stat(resolved.absolute);
    if (stat.isDirectory)
      return fail(
        'is_a_directory',
        `Parameter 'file_path': '${filePath}' is a directory; give the file that contains the symbol`,
      );
    const language = grammarLanguageForPath(resolved.relative);
    if (!language) {
      return fail(
        'unsupported_language',
        `Parameter 'file_path': '${filePath}' is not a TypeScript, JavaScript, Python or C# file, so it cannot be parsed for definitions`,
        undefined,
        ['Use search_files to find the name as text'],
      );
    }
    const source = await readSourceText(context.workspace, resolved.relative);
    if (!source)
      return fail('file_too_large', `Parameter 'file_path': '${filePath}' is binary or too large to analyse`);
    context.reportProgress({ fraction: null, message: `Parsing ${resolved.relative}` });
    const file = await analyseSource(context.workspace, source);
    if (!file) return fail('unsupported_language', `Parameter 'file_path': '${filePath}' cannot be parsed`);

    if (line > file.lines.length) {
      return fail(
        'validation_failed',
        `Parameter 'line': ${line} is past the end of '${resolved.relative}', which has ${file.lines.length} lines`,
      );
    }
    const occurrence = occurrenceAt(file, line, column);
    const position = `${resolved.relative}:${line}:${column}`;
    if (!occurrence) {
      const text = (file.lines[line - 1] ?? '').trim();
      return fail(
        'symbol_not_found',
        `No identifier at ${position}; line ${line} reads '${quote(text, 120)}'. Point the column at a name`,
        {
          kind: 'definition',
          symbol: '',
          definition: null,
        },
      );
    }
    const { name } = occurrence;
    const found = (definitionFile: AnalysedFile, definition: SymbolDefinition, where: string) => {
      const location: SymbolLocation = toLocation(definitionFile, definition, definition.kind);
      return succeed(
        { kind: 'definition', symbol: name, definition: location },
        `'${name}' ${where}: ${definitionFile.path}:${definition.line}:${definition.column} (${definition.kind})`,
      );
    };
    if (occurrence.definition) return found(file, occurrence.definition, 'is defined here');
    const local = resolveInFile(file, name, line);
    if (local) return found(file, local, 'is defined in the same file');

    const family = LANGUAGE_FAMILY[language];
    const others = await readSourcesInScope(
      context.workspace,
      { kind: 'workspace' },
      (path) => path !== resolved.relative && grammarLanguageForPath(path) !== null,
    );
    const candidates: { file: AnalysedFile; definition: SymbolDefinition; sameFamily: boolean }[] = [];
    for (const other of others) {
      if (context.signal.aborted) break;
      if (!other.text.includes(name)) continue;
      const otherFile = await analyseSource(context.workspace, other);
      if (!otherFile) continue;
      const sameFamily = LANGUAGE_FAMILY[otherFile.outline.language] === family;
      for (const definition of otherFile.outline.definitions) {
        // Locals and parameters of another file are never visible here.
        if (definition.name === name && definition.scopeKind !== 'function' && definition.kind !== 'parameter')
          candidates.push({ file: otherFile, definition, sameFamily });
      }
    }
    candidates.sort(
      (first, second) =>
        Number(second.sameFamily) - Number(first.sameFamily) || byPriority(first.definition, second.definition),
    );
    const best = candidates[0];
    if (best) {
      const outcome = found(best.file, best.definition, 'is defined');
      if (candidates.length > 1)
        outcome.message += `; ${candidates.length - 1} other definition${candidates.length === 2 ? '' : 's'} share the name (use find_symbol to list them)`;
      return outcome;
    }
    return fail(
      'symbol_not_found',
      `No definition of '${name}' (at ${position}) was found in the workspace; it may come from a library or the language itself`,
      { kind: 'definition', symbol: name, definition: null },
      [`Use find_symbol with symbol_name '${name}' and include_references to see where it is used`],
    );
  },

  summarize(args) {
    return `Go to definition at '${quote(stringArg(args, 'file_path'))}:${integerArg(args, 'line') ?? '?'}:${integerArg(args, 'column') ?? '?'}'`;
  },
};
