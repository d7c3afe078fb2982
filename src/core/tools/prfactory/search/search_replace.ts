/**
 * SearchReplace: replace text across the files of a directory. Literal by default; a regex runs on RE2
 * (linear time, whole lines) when RE2 can express it. A regex with lookaround or backreferences is judged
 * for catastrophic backtracking first and applied line by line, each line no longer than its degree allows.
 * All changed files are swapped in together (atomic), at most 100 per call; dryRun only counts.
 */
import type { ToolArtifact, ToolImplementation } from '../../../runtime/types';
import { RE2JS } from 're2js';
import { analysePattern, maxPatternInput } from '../../../validation/regex';
import { looksBinary } from '../../support/encoding';
import { booleanArg, fail, quote, stringArg, succeed } from '../../support/handler';
import { validatePath } from '../path-validator';
import { writeAllAtomically } from '../filesystem/atomic';
import { WRITE_LIMIT_BYTES } from '../filesystem/write_file';
import { fileNameMatcher, walkFiles } from './files';

const MAX_FILES_CHANGED = 100;

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** The regex on RE2 when it can express it (replacements read `$1`, `$&`, `$$` as JavaScript does); else null. */
function linearRegex(source: string, caseSensitive: boolean): RE2JS | null {
  try {
    return RE2JS.compile(RE2JS.translateRegExp(source), caseSensitive ? 0 : RE2JS.CASE_INSENSITIVE);
  } catch {
    return null;
  }
}

function countLinear(expression: RE2JS, line: string): number {
  const matcher = expression.matcher(line);
  let count = 0;
  let from = 0;
  while (from <= line.length && matcher.find(from)) {
    count += 1;
    from = matcher.end() === matcher.start() ? matcher.end() + 1 : matcher.end();
  }
  return count;
}

export const tool: ToolImplementation = {
  name: 'SearchReplace',

  summarize(args) {
    const verb = booleanArg(args, 'dryRun', false) ? 'Count' : 'Replace';
    return `${verb} '${quote(stringArg(args, 'search'), 40)}' → '${quote(stringArg(args, 'replace'), 40)}' in '${quote(stringArg(args, 'directory', '.'))}' (${stringArg(args, 'filePattern', '*.*')})`;
  },

  async run(args, context) {
    const search = stringArg(args, 'search');
    const replace = stringArg(args, 'replace');
    const useRegex = booleanArg(args, 'useRegex', false);
    const caseSensitive = booleanArg(args, 'caseSensitive', true);
    const dryRun = booleanArg(args, 'dryRun', false);
    if (search === '') return fail('validation_failed', `Parameter 'search': must not be empty`);

    const flags = `g${caseSensitive ? '' : 'i'}`;
    let expression: RegExp;
    let maxLine = Infinity;
    try {
      expression = new RegExp(useRegex ? search : escapeRegExp(search), flags);
    } catch (error) {
      return fail(
        'invalid_regex',
        `Parameter 'search': not a valid regular expression: ${error instanceof Error ? error.message : String(error)}`,
        undefined,
        ['Set useRegex to false for a literal search'],
      );
    }
    const linear = useRegex ? linearRegex(search, caseSensitive) : null;
    if (useRegex && linear === null) {
      const verdict = analysePattern(search, flags);
      if (!verdict.ok)
        return fail('invalid_regex', `Parameter 'search': refused, because ${verdict.problem}; ${verdict.advice}`);
      maxLine = maxPatternInput(verdict.degree);
    }

    const resolved = await validatePath(context.workspace, stringArg(args, 'directory', '.') || '.', {
      parameter: 'directory',
      mustExist: true,
    });
    if (!resolved.ok) return resolved.outcome;
    const { fs } = context.workspace;
    if (!(await fs.stat(resolved.absolute)).isDirectory)
      return fail('not_a_directory', `Parameter 'directory': '${resolved.relative}' is a file, not a directory`);
    const matchesName = fileNameMatcher(stringArg(args, 'filePattern', '*.*'));
    const base = resolved.relative === '.' ? '' : `${resolved.relative}/`;

    const changed: { relative: string; absolute: string; content: string; count: number }[] = [];
    let longLines = 0;
    let protectedFiles = 0;
    for (const file of await walkFiles(fs, resolved.absolute, context.signal)) {
      const name = file.relative.slice(file.relative.lastIndexOf('/') + 1);
      if (!matchesName(name)) continue;
      // Secrets (.env files) and anything the path policy protects are never rewritten.
      if (
        !(await context.workspace.resolvePath(`${base}${file.relative}`, { parameter: 'directory', forWrite: true })).ok
      ) {
        protectedFiles += 1;
        continue;
      }
      const bytes = await fs.readFileBuffer(file.absolute);
      if (bytes.length > WRITE_LIMIT_BYTES * 10 || looksBinary(bytes)) continue;
      let count = 0;
      const lines = new TextDecoder().decode(bytes).split('\n');
      const replaced = lines.map((line) => {
        if (linear !== null) {
          const found = countLinear(linear, line);
          if (found === 0) return line;
          count += found;
          return linear.matcher(line).replaceAll(replace);
        }
        if (line.length > maxLine) {
          if (expression.test(line.slice(0, maxLine))) longLines += 1;
          expression.lastIndex = 0;
          return line;
        }
        const found = line.match(expression)?.length ?? 0;
        if (found === 0) return line;
        count += found;
        // `$1`-style references only mean something for a regex; a literal replacement is taken as written.
        return useRegex ? line.replace(expression, replace) : line.replace(expression, () => replace);
      });
      if (count === 0) continue;
      const content = replaced.join('\n');
      if (new TextEncoder().encode(content).length > WRITE_LIMIT_BYTES * 10)
        return fail('file_too_large', `Parameter 'replace': '${base}${file.relative}' would grow past the size limit`);
      changed.push({ relative: `${base}${file.relative}`, absolute: file.absolute, content, count });
      if (changed.length > MAX_FILES_CHANGED) {
        return fail(
          'validation_failed',
          `Parameter 'filePattern': more than ${MAX_FILES_CHANGED} files would change; narrow directory or filePattern and call again`,
        );
      }
    }

    const total = changed.reduce((sum, file) => sum + file.count, 0);
    const text = changed
      .map((file) => `${file.relative}: ${file.count} replacement${file.count === 1 ? '' : 's'}`)
      .join('\n');
    const facts = [
      { label: 'Replacements', value: String(total) },
      { label: 'Files', value: String(changed.length) },
      ...(longLines > 0 ? [{ label: 'Skipped long lines', value: String(longLines) }] : []),
      ...(protectedFiles > 0 ? [{ label: 'Protected files skipped', value: String(protectedFiles) }] : []),
      ...(dryRun ? [{ label: 'Dry run', value: 'nothing written' }] : []),
    ];
    if (total === 0)
      return succeed({ kind: 'output', text: 'No matches.', facts }, `No matches for '${quote(search, 60)}'`);
    if (dryRun)
      return succeed(
        { kind: 'output', text, facts },
        `${total} replacement(s) would be made in ${changed.length} file(s)`,
      );
    await writeAllAtomically(
      fs,
      changed.map((file) => ({ target: file.absolute, content: file.content })),
    );
    const artifacts: ToolArtifact[] = changed.map((file) => ({
      type: 'file',
      change: 'modified',
      path: file.relative,
    }));
    return succeed(
      { kind: 'output', text, facts },
      `Made ${total} replacement(s) in ${changed.length} file(s)`,
      artifacts,
    );
  },
};
