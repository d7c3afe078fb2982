/**
 * The index behind semantic_search: every text file cut into chunks of about 30 lines (at
 * blank lines and definitions), identifiers split into words ("UserService" → user, service),
 * words reduced to a rough stem, ranked with BM25 by MiniSearch. Built on first use and kept
 * per workspace; files whose content changed are re-chunked before the next search.
 */
import MiniSearch from 'minisearch';
import type { Workspace } from '../../../workspace/types';
import { inScope, readSourcesInScope, type AnalysisScope, type SourceText } from './sources';

export interface Chunk {
  id: string;
  file: string;
  startLine: number;
  endLine: number;
  text: string;
  /** Names the chunk defines, searched with a boost. */
  symbols: string;
  /** The file path, searched with a smaller boost ("auth" finds auth/session.ts). */
  path: string;
}

export interface SemanticHit {
  file: string;
  startLine: number;
  endLine: number;
  score: number;
  snippet: string;
}

const TARGET_CHUNK_LINES = 30;
const MIN_CHUNK_LINES = 8;
const MAX_CHUNK_LINES = 60;
const MAX_SNIPPET_LINE_CHARS = 200;

/** A line that starts a definition in one of the common languages (or a Markdown heading). */
const DEFINITION_START =
  /^\s*(?:export\s+)?(?:default\s+)?(?:(?:public|private|protected|internal|static|abstract|sealed|partial|async|override|virtual|readonly)\s+)*(?:class|interface|enum|struct|record|type|function|def|namespace|module|fn|func|impl|trait)\b|^#{1,6}\s|^\s*@\w+/;

const STOP_WORDS = new Set([
  'a',
  'an',
  'and',
  'are',
  'as',
  'at',
  'be',
  'by',
  'for',
  'from',
  'has',
  'have',
  'in',
  'is',
  'it',
  'its',
  'of',
  'on',
  'or',
  'that',
  'the',
  'this',
  'to',
  'was',
  'were',
  'will',
  'with',
  'which',
  'where',
  'when',
  'how',
  'what',
  'code',
  'does',
  'do',
  'const',
  'let',
  'var',
  'return',
  'import',
  'export',
  'default',
  'self',
  'public',
  'private',
  'protected',
  'static',
  'void',
  'new',
  'if',
  'else',
  'elif',
  'then',
  'try',
  'catch',
  'except',
  'finally',
  'using',
  'namespace',
  'true',
  'false',
  'null',
  'none',
  'undefined',
  'string',
  'int',
  'bool',
  'number',
  'async',
  'await',
  'def',
  'pass',
  'readonly',
  'var',
  'get',
  'set',
]);

const SUFFIXES = [
  'ations',
  'ation',
  'ings',
  'ing',
  'ions',
  'ion',
  'ates',
  'ated',
  'ate',
  'ies',
  'ers',
  'er',
  'ed',
  'es',
  's',
  'e',
];

/** A deliberately rough stemmer: enough that "handling", "handler" and "handle" meet. */
export function stem(word: string): string {
  for (const suffix of SUFFIXES) {
    if (!word.endsWith(suffix)) continue;
    let base = word.slice(0, -suffix.length);
    if (base.length < 4) continue;
    if (suffix === 's' && base.endsWith('s')) continue;
    if (suffix === 'ies') base += 'y';
    // "logging" → "logg" → "log"
    if ((suffix === 'ing' || suffix === 'ed' || suffix === 'er') && /([b-df-hj-np-tv-z])\1$/.test(base))
      base = base.slice(0, -1);
    return base;
  }
  return word;
}

/** Words of a text: identifiers split at case changes, underscores and digits, plus the whole identifier. */
export function tokenize(text: string): string[] {
  const tokens: string[] = [];
  // ASCII classes are several times faster than Unicode property escapes; other letters stay whole words.
  for (const identifier of text.match(/[A-Za-z0-9_$\u00C0-\uFFFF]+/g) ?? []) {
    const parts = identifier
      .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
      .replace(/([A-Z])([A-Z][a-z])/g, '$1 $2')
      .split(/[\s_$]+/)
      .filter((part) => part.length > 0);
    for (const part of parts) tokens.push(part);
    if (parts.length > 1) tokens.push(identifier.replace(/[_$]/g, ''));
  }
  return tokens;
}

/** Lower-case, drop stop words and single characters, stem; null drops the term. */
export function processTerm(term: string): string | null {
  const lower = term.toLowerCase();
  if (lower.length < 2 || STOP_WORDS.has(lower) || /^\d+$/.test(lower)) return null;
  return stem(lower);
}

function definedNames(line: string): string[] {
  const match =
    /\b(?:class|interface|enum|struct|record|type|function|def|fn|func|trait)\s+([\p{L}_$][\p{L}\p{N}_$]*)/u.exec(line);
  if (match?.[1]) return [match[1]];
  // Methods and fields in C#-style declarations: "public async Task<User> FindUser(".
  const method =
    /^\s*(?:(?:public|private|protected|internal|static|async|override|virtual|abstract)\s+)+[\w<>[\],.?\s]*?\s([\p{L}_][\p{L}\p{N}_]*)\s*\(/u.exec(
      line,
    );
  if (method?.[1]) return [method[1]];
  const assigned = /^\s*(?:export\s+)?(?:const|let|var)\s+([\p{L}_$][\p{L}\p{N}_$]*)/u.exec(line);
  return assigned?.[1] ? [assigned[1]] : [];
}

/** Cut one file into chunks at natural boundaries. */
export function chunkSource(path: string, text: string): Chunk[] {
  const lines = text.split(/\r?\n/);
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  const ranges: [number, number][] = [];
  let start = 0;
  for (let index = 1; index < lines.length; index++) {
    const length = index - start;
    const line = lines[index]!;
    const startsDefinition = DEFINITION_START.test(line);
    const topLevelDefinition = startsDefinition && !/^\s/.test(line);
    const previousBlank = lines[index - 1]!.trim() === '';
    const cut =
      length >= MAX_CHUNK_LINES ||
      (length >= TARGET_CHUNK_LINES && (startsDefinition || previousBlank)) ||
      (length >= MIN_CHUNK_LINES && topLevelDefinition && previousBlank);
    if (cut) {
      ranges.push([start, index - 1]);
      start = index;
    }
  }
  if (start < lines.length) ranges.push([start, lines.length - 1]);
  // A short tail reads better with what precedes it.
  if (ranges.length > 1) {
    const last = ranges[ranges.length - 1]!;
    if (last[1] - last[0] + 1 < MIN_CHUNK_LINES / 2 && last[1] - ranges[ranges.length - 2]![0] < MAX_CHUNK_LINES) {
      ranges.pop();
      ranges[ranges.length - 1]![1] = last[1];
    }
  }
  const chunks: Chunk[] = [];
  for (const [first, last] of ranges) {
    const chunkLines = lines.slice(first, last + 1);
    if (chunkLines.every((line) => line.trim() === '')) continue;
    chunks.push({
      id: `${path}#${first + 1}`,
      file: path,
      startLine: first + 1,
      endLine: last + 1,
      text: chunkLines.join('\n'),
      symbols: chunkLines.flatMap(definedNames).join(' '),
      path,
    });
  }
  return chunks;
}

function createMiniSearch(): MiniSearch<Chunk> {
  return new MiniSearch<Chunk>({
    fields: ['text', 'symbols', 'path'],
    storeFields: ['file', 'startLine', 'endLine', 'text'],
    tokenize,
    processTerm,
    searchOptions: {
      boost: { symbols: 3, path: 1.5 },
      combineWith: 'OR',
      prefix: (term) => term.length >= 4,
      fuzzy: (term) => (term.length >= 6 ? 0.15 : false),
    },
  });
}

interface IndexState {
  search: MiniSearch<Chunk>;
  /** path → content stamp and the ids of its chunks */
  files: Map<string, { stamp: string; chunkIds: string[] }>;
}

const indexes = new WeakMap<Workspace, IndexState>();

export interface IndexUpdate {
  filesIndexed: number;
  filesChanged: number;
  chunks: number;
  /** Milliseconds spent reading and (re)indexing. */
  durationMs: number;
}

/** Bring the workspace's index up to date with its files. */
export async function updateSemanticIndex(workspace: Workspace, signal?: AbortSignal): Promise<IndexUpdate> {
  const started = performance.now();
  let state = indexes.get(workspace);
  if (!state) {
    state = { search: createMiniSearch(), files: new Map() };
    indexes.set(workspace, state);
  }
  const sources = await readSourcesInScope(workspace, { kind: 'workspace' });
  const present = new Set<string>();
  let filesChanged = 0;
  const changed: SourceText[] = [];
  for (const source of sources) {
    present.add(source.path);
    if (state.files.get(source.path)?.stamp !== source.stamp) changed.push(source);
  }
  for (const [path, entry] of state.files) {
    if (present.has(path)) continue;
    state.search.discardAll(entry.chunkIds);
    state.files.delete(path);
    filesChanged++;
  }
  for (const source of changed) {
    if (signal?.aborted) break;
    const previous = state.files.get(source.path);
    if (previous) state.search.discardAll(previous.chunkIds);
    const chunks = chunkSource(source.path, source.text);
    state.search.addAll(chunks);
    state.files.set(source.path, { stamp: source.stamp, chunkIds: chunks.map((chunk) => chunk.id) });
    filesChanged++;
  }
  return {
    filesIndexed: state.files.size,
    filesChanged,
    chunks: state.search.documentCount,
    durationMs: performance.now() - started,
  };
}

/** The lines of a chunk that best match the query: the best line with one line of context each side. */
function bestSnippet(text: string, queryTerms: readonly string[]): string {
  const lines = text.split('\n');
  let bestIndex = 0;
  let bestScore = -1;
  lines.forEach((line, index) => {
    const lineTerms = new Set(
      tokenize(line)
        .map(processTerm)
        .filter((term): term is string => term !== null),
    );
    let score = 0;
    for (const queryTerm of queryTerms) {
      if (lineTerms.has(queryTerm)) score += 2;
      else if (
        [...lineTerms].some((term) => term.startsWith(queryTerm) || (term.length >= 4 && queryTerm.startsWith(term)))
      )
        score += 1;
    }
    if (score > bestScore) {
      bestScore = score;
      bestIndex = index;
    }
  });
  const from = Math.max(0, bestIndex - 1);
  return lines
    .slice(from, bestIndex + 2)
    .filter((line, offset) => line.trim() !== '' || from + offset === bestIndex)
    .map((line) => (line.length > MAX_SNIPPET_LINE_CHARS ? `${line.slice(0, MAX_SNIPPET_LINE_CHARS - 1)}…` : line))
    .join('\n');
}

/** Rank chunks in scope for a natural-language query. */
export async function semanticSearch(
  workspace: Workspace,
  query: string,
  scope: AnalysisScope,
  maxResults: number,
  signal?: AbortSignal,
): Promise<{ hits: SemanticHit[]; update: IndexUpdate; terms: string[] }> {
  const update = await updateSemanticIndex(workspace, signal);
  const state = indexes.get(workspace)!;
  const terms = [
    ...new Set(
      tokenize(query)
        .map(processTerm)
        .filter((term): term is string => term !== null),
    ),
  ];
  if (terms.length === 0) return { hits: [], update, terms };
  const results = state.search.search(query, { filter: (result) => inScope(String(result.file), scope) });
  const hits = results.slice(0, maxResults).map((result) => ({
    file: String(result.file),
    startLine: Number(result.startLine),
    endLine: Number(result.endLine),
    score: Math.round(result.score * 100) / 100,
    snippet: bestSnippet(String(result.text), terms),
  }));
  return { hits, update, terms };
}
