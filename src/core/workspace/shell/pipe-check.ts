/**
 * The time limit's check after a pipeline of two or more commands. Each command of such a pipeline runs in a
 * shell of its own, so a loop in it that leaves by `exit 124` at the limit leaves only that shell, and the
 * script would carry on after the pipeline. The check after it must leave `$?` and `PIPESTATUS` as the pipeline
 * set them, and `set -e` where bash has it, so the pipeline becomes a group:
 *
 *     [!] { PIPELINE && STORE || STORE; test -e GO || exit 124; RESTORE && builtin __just_bash_tee_restore ${PIPESTATUS[0]} …; }
 *
 * STORE hands the file system the pipeline's statuses in its path (whichever way the pipeline ended, one of the two
 * runs, while `PIPESTATUS` is still the pipeline's). RESTORE, a command of our own, gives them back as `PIPESTATUS`
 * and the pipeline's status as `$?` (`pipefail` heeded); when that status is 0, just-bash's own restore builtin runs
 * after it, so the group's last command leaves the same. A status other than 0 ends the group on RESTORE, which
 * stands before `&&`, where bash does not let it set off `set -e`; the group's status then does so wherever the
 * pipeline's would have. A group in a pipeline of its own does not set `PIPESTATUS`, so what RESTORE set is what
 * the script sees, and `!`, `time` stay on the group as they were on the pipeline.
 */
import { defineCommand, type Command } from 'just-bash';
import { exists, literal, simple, statement } from './shell-tree';

/** Gives back the statuses of the pipeline that the check follows. */
export const PIPE_RESTORE = '__shell_time_limit_pipe';
/** just-bash's builtin that sets `PIPESTATUS` and `$?` from its arguments. */
const BUILTIN_RESTORE = '__just_bash_tee_restore';

const status = (index: number) => ({ type: 'ParameterExpansion', parameter: `PIPESTATUS[${index}]`, operation: null });

/** `test -e "ROOT/${PIPESTATUS[0]}/${PIPESTATUS[1]}…"` for a pipeline of `length` commands. */
function store(root: string, length: number) {
  const parts: object[] = [];
  for (let index = 0; index < length; index += 1) {
    parts.push({ type: 'Literal', value: index === 0 ? `${root}/` : '/' }, status(index));
  }
  return exists({ type: 'Word', parts: [{ type: 'DoubleQuoted', parts }] });
}

/**
 * The group that runs `pipeline` (a Pipeline node of two or more commands) and then the check; `go` is the
 * path the file system answers true while the limit is not reached, `root` the one STORE's path starts with.
 * The pipeline itself is the group's first command, to be walked as any other.
 */
export function pipelineWithCheck(pipeline: Record<string, unknown>, root: string, go: string) {
  const length = (pipeline['commands'] as unknown[]).length;
  const inner = { ...pipeline, negated: false, timed: false, timePosix: false };
  const restoreArgs = Array.from({ length }, (_, index) => ({ type: 'Word', parts: [status(index)] }));
  const group = {
    type: 'Group',
    body: [
      statement([inner, store(root, length), store(root, length)], ['&&', '||']),
      statement([exists(literal(go)), simple('exit', [literal('124')])], ['||']),
      statement([simple(PIPE_RESTORE, []), simple('builtin', [literal(BUILTIN_RESTORE), ...restoreArgs])], ['&&']),
    ],
    redirections: [],
  };
  return {
    wrapper: {
      type: 'Pipeline',
      commands: [group],
      negated: pipeline['negated'] ?? false,
      timed: pipeline['timed'] ?? false,
      timePosix: pipeline['timePosix'] ?? false,
    },
    group,
    inner,
  };
}

/** The statuses STORE was handed, and RESTORE, which gives them back. */
export function createPipeStatus(): { take(path: string): void; command: Command } {
  let saved: number[] = [0];
  return {
    take: (path) => {
      saved = path.split('/').map((part) => Number(part) || 0);
    },
    command: defineCommand(PIPE_RESTORE, async (_, context) => {
      const pipefail = (context.env.get('SHELLOPTS') ?? '').split(':').includes('pipefail');
      const failed = saved.findLast((value) => value !== 0);
      const exitCode = pipefail && failed !== undefined ? failed : (saved.at(-1) ?? 0);
      return { stdout: '', stderr: '', exitCode, internalPipeStatusOverride: [...saved] };
    }),
  };
}
