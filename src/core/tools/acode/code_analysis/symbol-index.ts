/**
 * Definitions and references across the workspace, from per-file outlines cached by content
 * stamp: a file is parsed again only after it changed.
 */
import type { SymbolLocation } from '../../../runtime/types';
import type { Workspace } from '../../../workspace/types';
import { grammarLanguageForPath } from './parsers/grammar-loader';
import { outlineSource, type DefinitionKind, type FileOutline, type SymbolDefinition } from './parsers/outline';
import { lineText, readSourcesInScope, type AnalysisScope, type SourceText } from './sources';

interface CachedOutline {
  stamp: string;
  outline: FileOutline;
  lines: string[];
}

const outlineCaches = new WeakMap<Workspace, Map<string, CachedOutline>>();

export interface AnalysedFile {
  path: string;
  outline: FileOutline;
  lines: string[];
}

/** The outline of one source text, parsed once per content. */
export async function analyseSource(workspace: Workspace, source: SourceText): Promise<AnalysedFile | null> {
  const language = grammarLanguageForPath(source.path);
  if (!language) return null;
  let cache = outlineCaches.get(workspace);
  if (!cache) {
    cache = new Map();
    outlineCaches.set(workspace, cache);
  }
  const cached = cache.get(source.path);
  if (cached && cached.stamp === source.stamp)
    return { path: source.path, outline: cached.outline, lines: cached.lines };
  const outline = await outlineSource(language, source.text);
  const lines = source.text.split(/\r?\n/);
  cache.set(source.path, { stamp: source.stamp, outline, lines });
  return { path: source.path, outline, lines };
}

/** Which definition kinds each `symbol_type` value covers, across TypeScript, Python and C#. */
export const SYMBOL_TYPE_KINDS: Record<string, readonly DefinitionKind[]> = {
  class: ['class', 'struct', 'record'],
  interface: ['interface'],
  enum: ['enum'],
  method: ['method', 'constructor'],
  function: ['function'],
  variable: ['variable', 'constant', 'field'],
  property: ['property', 'field'],
};

/** A symbol name, optionally qualified by its container: `UserService.HandleLogin`. */
export interface SymbolQuery {
  name: string;
  container: string | null;
}

export function parseSymbolQuery(symbolName: string): SymbolQuery {
  const trimmed = symbolName.trim();
  const dot = trimmed.lastIndexOf('.');
  if (dot > 0 && dot < trimmed.length - 1) return { name: trimmed.slice(dot + 1), container: trimmed.slice(0, dot) };
  return { name: trimmed, container: null };
}

export function toLocation(
  file: AnalysedFile,
  definition: { name: string; line: number; column: number },
  kind: string,
): SymbolLocation {
  return {
    file: file.path,
    line: definition.line,
    column: definition.column,
    kind,
    name: definition.name,
    text: lineText(file.lines, definition.line),
  };
}

export interface SymbolSearchOptions {
  scope: AnalysisScope;
  /** Definition kinds to keep; null keeps every kind except parameters. */
  kinds: readonly DefinitionKind[] | null;
  includeReferences: boolean;
  caseSensitive: boolean;
  signal?: AbortSignal;
}

export interface SymbolSearchResult {
  definitions: SymbolLocation[];
  references: SymbolLocation[];
  filesParsed: number;
}

const containerMatches = (definition: SymbolDefinition, query: SymbolQuery): boolean => {
  if (query.container === null) return true;
  const wanted = query.container.slice(query.container.lastIndexOf('.') + 1);
  return definition.container === wanted;
};

/** Definitions (and optionally references) of a symbol in every parseable file in scope. */
export async function searchSymbol(
  workspace: Workspace,
  query: SymbolQuery,
  options: SymbolSearchOptions,
): Promise<SymbolSearchResult> {
  const sources = await readSourcesInScope(workspace, options.scope, (path) => grammarLanguageForPath(path) !== null);
  const needle = options.caseSensitive ? query.name : query.name.toLowerCase();
  const same = (name: string): boolean => (options.caseSensitive ? name === needle : name.toLowerCase() === needle);
  const definitions: SymbolLocation[] = [];
  const references: SymbolLocation[] = [];
  let filesParsed = 0;
  for (const source of sources) {
    if (options.signal?.aborted) break;
    // Skip parsing files that cannot mention the name at all.
    if (!(options.caseSensitive ? source.text.includes(needle) : source.text.toLowerCase().includes(needle))) continue;
    const file = await analyseSource(workspace, source);
    if (!file) continue;
    filesParsed++;
    for (const definition of file.outline.definitions) {
      if (!same(definition.name) || !containerMatches(definition, query)) continue;
      if (options.kinds ? !options.kinds.includes(definition.kind) : definition.kind === 'parameter') continue;
      // A C# constructor shares its class's name; unless methods were asked for, the class stands for both.
      if (!options.kinds && definition.kind === 'constructor' && definition.name === definition.container) continue;
      definitions.push(toLocation(file, definition, definition.kind));
    }
    if (options.includeReferences) {
      for (const reference of file.outline.references) {
        if (same(reference.name)) references.push(toLocation(file, reference, 'reference'));
      }
    }
  }
  return { definitions, references, filesParsed };
}
