/** search_files: literal or regex search through the workspace's text files, as file:line:column hits. */
import type { ToolData, ToolImplementation } from '../../../runtime/types';
import { MAX_READ_BYTES } from '../../../workspace/paths';
import { looksBinary } from '../../support/encoding';
import { compileLinear } from '../../../validation/linear-regex';
import { analysePattern } from '../../../validation/regex';
import { createGlobMatcher } from '../../support/glob';
import {
  booleanArg,
  compareNames,
  fail,
  integerArg,
  joinPath,
  optionalStringArg,
  quote,
  readDirectory,
  resolve,
  stringArg,
  succeed,
} from '../../support/handler';

/**
 * A regex runs on RE2 (validation/linear-regex) whenever RE2 can express it: linear time, whole lines,
 * no shape refused. Only lookaround and backreferences need a backtracking RegExp, which cannot be
 * interrupted mid-match; for those, patterns a backtracking engine can read in exponentially many
 * ways (nested repetition, overlapping repeated choices) are refused (the exponential verdict of
 * validation/regex, as for schema patterns), and the regex sees only the first MAX_LINE_CHARS of a line, since polynomial
 * backtracking (`a*a*!`) grows with its length. Every regex search stops after SEARCH_BUDGET_MS,
 * checking the time between lines and cancellation between files. Literal searches see whole lines.
 */
export const MAX_LINE_CHARS = 1_000;
const SEARCH_BUDGET_MS = 10_000;
const MAX_HIT_TEXT = 300;

type Hit = Extract<ToolData, { kind: 'search_hits' }>['hits'][number];

/** Finds the first match column (0-based) in a line, or -1; `mayContain` is a cheap whole-file pre-check. */
interface Matcher {
  inLine(line: string): number;
  mayContain(text: string): boolean;
  /** Lines longer than this are searched in their first part only (backtracking regexes). */
  maxLine: number;
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

function buildMatcher(query: string, regex: boolean, caseSensitive: boolean): Matcher | { error: string } {
  if (regex) {
    const flags = caseSensitive ? '' : 'i';
    // A pattern the analysis reads as linear keeps the native engine (about 60 times faster than re2js,
    // `npm run bench`); any other shape RE2 can express runs on RE2.
    const linearShape = analysePattern(query, flags);
    const linear =
      linearShape.ok && linearShape.degree <= 1 ? null : compileLinear(query, { ignoreCase: !caseSensitive });
    if (linear !== null) {
      return { inLine: (line) => linear.matches(line, 1)[0]?.index ?? -1, mayContain: () => true, maxLine: Infinity };
    }
    let expression: RegExp;
    try {
      expression = new RegExp(query, flags);
    } catch (error) {
      return { error: `not a valid regular expression: ${error instanceof Error ? error.message : String(error)}` };
    }
    const verdict = analysePattern(query, flags);
    // Polynomial shapes are allowed: the line cap bounds them.
    if (!verdict.ok) {
      const risk = verdict.exponential ? ', which can backtrack for exponential time' : '';
      return { error: `refused, because ${verdict.problem}${risk}; ${verdict.advice}` };
    }
    return {
      inLine: (line) => {
        const match = expression.exec(line);
        return match ? match.index : -1;
      },
      // A whole-file regex pass could backtrack over long lines the per-line cap protects; no pre-check.
      mayContain: () => true,
      maxLine: verdict.degree <= 1 ? Infinity : MAX_LINE_CHARS,
    };
  }
  if (caseSensitive)
    return { inLine: (line) => line.indexOf(query), mayContain: (text) => text.includes(query), maxLine: Infinity };
  // An escaped literal with the `i` flag is linear, and faster than lower-casing every line.
  const literal = new RegExp(escapeRegExp(query), 'i');
  return {
    inLine: (line) => {
      const match = literal.exec(line);
      return match ? match.index : -1;
    },
    mayContain: (text) => literal.test(text),
    maxLine: Infinity,
  };
}

function hitText(line: string, column: number): string {
  const trimmed = line.replace(/\r$/, '');
  if (trimmed.length <= MAX_HIT_TEXT) return trimmed;
  // Keep the match in view on very long lines.
  const start = Math.max(0, Math.min(column - 40, trimmed.length - MAX_HIT_TEXT));
  return `${start > 0 ? '…' : ''}${trimmed.slice(start, start + MAX_HIT_TEXT)}…`;
}

export const tool: ToolImplementation = {
  name: 'search_files',

  summarize(args) {
    const regex = booleanArg(args, 'regex', false);
    const query = quote(stringArg(args, 'query'), 60);
    const where = optionalStringArg(args, 'path');
    const pattern = optionalStringArg(args, 'pattern');
    return `Search for ${regex ? `regex /${query}/` : `'${query}'`}${where ? ` in '${quote(where, 60)}'` : ''}${pattern ? ` (files matching '${quote(pattern, 40)}')` : ''}`;
  },

  async run(args, context) {
    const query = stringArg(args, 'query');
    const regex = booleanArg(args, 'regex', false);
    const caseSensitive = booleanArg(args, 'case_sensitive', false);
    const maxResults = integerArg(args, 'max_results') ?? 100;
    const pattern = optionalStringArg(args, 'pattern');
    const fileFilter = pattern ? createGlobMatcher(pattern) : null;

    if (query.length === 0) return fail('validation_failed', "Parameter 'query': must not be empty");
    const matcher = buildMatcher(query, regex, caseSensitive);
    if ('error' in matcher) {
      return fail('invalid_regex', `Parameter 'query': ${matcher.error}`, undefined, [
        'Escape special characters, or set regex to false for a literal search',
      ]);
    }

    const resolved = await resolve(context.workspace, stringArg(args, 'path', '.'), {
      parameter: 'path',
      mustExist: true,
    });
    if (!resolved.ok) return resolved.outcome;
    const { fs } = context.workspace;
    const root = await fs.stat(resolved.absolute);

    // Collect candidate files first (cheap), then search them in order.
    const files: { absolute: string; relative: string }[] = [];
    const base = resolved.relative === '.' ? '' : `${resolved.relative}/`;
    /** Directories and files that could not be read: skipped and counted, never the end of the search. */
    let unreadable = 0;
    if (root.isDirectory) {
      const walk = async (absolute: string, relativeToSearched: string): Promise<void> => {
        let children;
        try {
          children = (await readDirectory(fs, absolute)).sort((first, second) => compareNames(first.name, second.name));
        } catch {
          unreadable += 1;
          return;
        }
        for (const child of children) {
          const childRelative = relativeToSearched ? `${relativeToSearched}/${child.name}` : child.name;
          // Symbolic links are not followed (as grep -r): no loops, no escape, no file searched twice.
          if (child.isDirectory) {
            if (child.name !== '.git') await walk(joinPath(absolute, child.name), childRelative);
          } else if (child.isFile && (!fileFilter || fileFilter.matches(childRelative))) {
            files.push({ absolute: joinPath(absolute, child.name), relative: `${base}${childRelative}` });
          }
        }
      };
      await walk(resolved.absolute, '');
    } else {
      files.push({ absolute: resolved.absolute, relative: resolved.relative });
    }

    const decoder = new TextDecoder('utf-8');
    const hits: Hit[] = [];
    const skipped = { binary: 0, large: 0 };
    const started = Date.now();
    const budget = Math.min(SEARCH_BUDGET_MS, context.timeoutMs);
    let filesSearched = 0;
    let truncated = false;
    let stoppedEarly: string | null = null;
    let lastReport = 0;

    search: for (const [index, file] of files.entries()) {
      if (context.signal.aborted) {
        stoppedEarly = 'cancelled';
        break;
      }
      if (Date.now() - started > budget) {
        stoppedEarly = `time budget of ${budget} ms used up`;
        break;
      }
      // Items and the file at hand, at most every 100 ms (the service adds the time left from the pace).
      if (index === 0 || Date.now() - lastReport >= 100) {
        lastReport = Date.now();
        context.reportProgress({
          fraction: index / files.length,
          message: `Searched ${index} of ${files.length} files`,
          currentOperation: `Searching ${file.relative}`,
          itemsProcessed: index,
          totalItems: files.length,
        });
      }

      // The workspace is in memory: reading is as cheap as a stat, so the size is checked on the bytes.
      let bytes: Uint8Array;
      try {
        bytes = await fs.readFileBuffer(file.absolute);
      } catch {
        unreadable += 1;
        continue;
      }
      if (bytes.length > MAX_READ_BYTES) {
        skipped.large += 1;
        continue;
      }
      if (looksBinary(bytes)) {
        skipped.binary += 1;
        continue;
      }
      filesSearched += 1;
      const text = decoder.decode(bytes);
      if (!matcher.mayContain(text)) continue;
      const lines = text.split('\n');
      for (let lineIndex = 0; lineIndex < lines.length; lineIndex++) {
        const line = lines[lineIndex]!;
        if (regex && (lineIndex & 63) === 0 && Date.now() - started > budget) {
          stoppedEarly = `time budget of ${budget} ms used up`;
          break search;
        }
        const searched = line.length > matcher.maxLine ? line.slice(0, matcher.maxLine) : line;
        const column = matcher.inLine(searched);
        if (column === -1) continue;
        if (hits.length >= maxResults) {
          truncated = true;
          break search;
        }
        hits.push({ file: file.relative, line: lineIndex + 1, column: column + 1, text: hitText(line, column) });
      }
    }
    context.reportProgress({
      fraction: 1,
      message: `Searched ${filesSearched} of ${files.length} files`,
      currentOperation: 'Done',
      itemsProcessed: files.length,
      totalItems: files.length,
    });

    const notes: string[] = [];
    if (truncated) notes.push(`stopped at max_results ${maxResults}`);
    if (stoppedEarly) notes.push(`stopped early: ${stoppedEarly}`);
    if (skipped.binary > 0) notes.push(`${skipped.binary} binary file(s) skipped`);
    if (skipped.large > 0) notes.push(`${skipped.large} file(s) over 10 MB skipped`);
    if (unreadable > 0)
      notes.push(`${unreadable} unreadable file(s) or director${unreadable === 1 ? 'y' : 'ies'} skipped`);
    const found =
      hits.length === 0
        ? 'No matches'
        : `${hits.length} match${hits.length === 1 ? '' : 'es'}${new Set(hits.map((hit) => hit.file)).size > 1 ? ` in ${new Set(hits.map((hit) => hit.file)).size} files` : ''}`;
    return succeed(
      { kind: 'search_hits', query, hits, filesSearched, truncated: truncated || stoppedEarly !== null },
      `${found} for ${regex ? `/${query}/` : `'${query}'`} (${filesSearched} file(s) searched${notes.length > 0 ? `; ${notes.join('; ')}` : ''})`,
    );
  },
};
