import {
  CHANGE_CLASSES,
  diffDefinitions,
  type ChangeClass,
  type DefinitionDiff,
  type DiffableDefinition,
} from '../../core/diff';
import { definitionFromText } from '../../core/diff/parse';
import { findToolVersion, toolVersions } from '../../core/toolset/versions';
import { argumentProblem, flagValue, hasFlag, parseArguments } from '../args';
import { columns } from '../format';
import { createStyle, type Style } from '../style';
import { unknownToolMessage } from '../suggest';
import {
  EXIT_FAILURE,
  EXIT_OK,
  EXIT_USAGE,
  lines,
  ok,
  usageError,
  type CommandContext,
  type CommandResult,
} from '../types';
import type { Command } from '../command';
import { withToolset } from '../with-toolset';

export const DIFF_USAGE = `Usage: tool-schemas diff <old> <new> [--json] [--fail-on breaking|minor]

  Compares two tool definitions and classifies every change for the model that calls the tool:
  breaking (a call the old version accepted may fail or mean something else), minor (old calls still
  work), patch (wording only). Says what the version number should have been.

  <old>, <new>   tool or tool@version from the toolset (read_file@0.9.0; plain read_file is the current
                 version), or a file in any format import reads (file.json, or file.json#tool_name to
                 pick one tool of several)
  --json         print the changes and the version check as JSON
  --fail-on      exit 1 when a change of that class or worse is found (breaking, or minor: minor or breaking),
                 and when the version number does not follow the rule

Examples:
  tool-schemas diff read_file@0.9.0 read_file
  tool-schemas diff git_log@0.9.0 git_log@0.9.1 --fail-on breaking
  tool-schemas diff old/read_file.json schemas/acode/file_operations/read_file.json --json`;

type Resolved = { ok: true; definition: DiffableDefinition; label: string } | { ok: false; message: string };

function resolve(operand: string, context: CommandContext): Resolved {
  const bundled = /^([A-Za-z][\w-]*)(?:@([0-9][\w.+-]*))?$/.exec(operand);
  const toolset = context.bundle;
  if (bundled && toolset.tools.some((tool) => tool.name === bundled[1])) {
    const [, name, version] = bundled as unknown as [string, string, string | undefined];
    const definition = findToolVersion(toolset, name, version);
    if (!definition) {
      const held = toolVersions(toolset, name)
        .map((tool) => tool.version)
        .join(', ');
      return { ok: false, message: `No version ${version} of '${name}'; the toolset holds ${held}.` };
    }
    return { ok: true, definition, label: `${name}@${definition.version}` };
  }
  const hash = operand.lastIndexOf('#');
  const path = hash > 0 ? operand.slice(0, hash) : operand;
  const pick = hash > 0 ? operand.slice(hash + 1) : undefined;
  if (!context.readFile) return { ok: false, message: `Cannot read '${path}' here.` };
  let text: string;
  try {
    text = context.readFile(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (bundled && code === 'ENOENT') return { ok: false, message: unknownToolMessage(toolset, bundled[1] ?? operand) };
    return {
      ok: false,
      message: `Cannot read '${path}': ${code === 'ENOENT' ? 'no such file' : (error as Error).message}`,
    };
  }
  const parsed = definitionFromText(text, context.validator, pick);
  if (!parsed.ok) return { ok: false, message: `${path}: ${parsed.message}` };
  const { definition } = parsed;
  return {
    ok: true,
    definition,
    label: `${path}${definition.name ? ` (${definition.name}${definition.version ? `@${definition.version}` : ''})` : ''}`,
  };
}

const CLASS_RANK: Record<ChangeClass, number> = { breaking: 0, minor: 1, patch: 2 };

const classLabel = (changeClass: ChangeClass, style: Style): string =>
  changeClass === 'breaking'
    ? style.red('breaking')
    : changeClass === 'minor'
      ? style.yellow('minor')
      : style.cyan('patch');

function humanReport(result: DefinitionDiff, oldLabel: string, newLabel: string, style: Style): string {
  const out = [`${style.bold(oldLabel)} → ${style.bold(newLabel)}`];
  if (result.changes.length === 0) out.push(style.green('No changes.'));
  else {
    out.push(
      ...columns(
        result.changes.map((change) => [`  ${classLabel(change.class, style)}`, change.pointer, change.message]),
      ),
    );
    out.push(
      '',
      `${result.changes.length} change${result.changes.length === 1 ? '' : 's'}: ${CHANGE_CLASSES.map((changeClass) => `${result.counts[changeClass]} ${changeClass}`).join(', ')}; ${result.required === 'major' ? 'a breaking' : `a ${result.required}`} release${result.version ? ` (${result.version.expected} at least)` : ''}.`,
    );
  }
  if (result.version)
    out.push(result.version.ok ? style.green(`✓ ${result.version.message}`) : style.red(`✗ ${result.version.message}`));
  return lines(out);
}

export const diffCommand = (argv: readonly string[], context: CommandContext): CommandResult => {
  const parsed = parseArguments(argv, { values: ['fail-on'], switches: ['json'] });
  if (hasFlag(parsed, 'help')) return ok(`${DIFF_USAGE}\n`);
  const failOn = flagValue(parsed, 'fail-on');
  const problem =
    argumentProblem(parsed) ??
    (parsed.positionals.length !== 2
      ? `Give two definitions to compare (got ${parsed.positionals.length})`
      : undefined) ??
    (failOn !== undefined && failOn !== 'breaking' && failOn !== 'minor'
      ? `--fail-on must be breaking or minor, not '${failOn}'`
      : undefined);
  if (problem) return usageError(problem, DIFF_USAGE);

  const [oldOperand, newOperand] = parsed.positionals as [string, string];
  const before = resolve(oldOperand, context);
  if (!before.ok) return { stdout: '', stderr: `${before.message}\n`, exitCode: EXIT_USAGE };
  const after = resolve(newOperand, context);
  if (!after.ok) return { stdout: '', stderr: `${after.message}\n`, exitCode: EXIT_USAGE };

  const result = diffDefinitions(before.definition, after.definition);
  const threshold = failOn === undefined ? -1 : CLASS_RANK[failOn as ChangeClass];
  const fails =
    failOn !== undefined &&
    (result.changes.some((change) => CLASS_RANK[change.class] <= threshold) || result.version?.ok === false);
  const exitCode = fails ? EXIT_FAILURE : EXIT_OK;
  if (hasFlag(parsed, 'json')) {
    return {
      stdout: `${JSON.stringify({ old: before.label, new: after.label, ...result }, null, 2)}\n`,
      stderr: '',
      exitCode,
    };
  }
  return { stdout: humanReport(result, before.label, after.label, createStyle(context.color)), stderr: '', exitCode };
};

export const command: Command = {
  name: 'diff',
  usage: DIFF_USAGE,
  summary: `diff <old> <new> [--json] [--fail-on breaking|minor]          semver diff of two definitions (tool@version or files)`,
  run: withToolset(diffCommand),
};
