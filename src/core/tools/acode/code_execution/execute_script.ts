/** execute_script: a multi-line bash script in the workspace shell, or Python through an injected interpreter. */
import type { PrecheckContext, ToolImplementation, ToolOutcome } from '../../../runtime/types';
import { destructiveCommandReason } from '../../support/destructive';
import { fail, integerArg, optionalStringArg, stringArg } from '../../support/handler';
import { runTracked, shellRuntimes, workingDirectory } from '../../support/shell';
import { DEFAULT_COMMAND_TIMEOUT_SECONDS } from './execute_command';

/** The language_unavailable failure, naming what is available; null when the language can run here. */
function languageUnavailable(language: string, context: PrecheckContext): ToolOutcome | null {
  const available = context.python ? 'bash, python' : 'bash';
  if (language !== 'bash' && language !== 'python') {
    return fail(
      'language_unavailable',
      `Parameter 'language': ${language || 'this language'} is not available in this workspace; available: ${available}`,
    );
  }
  if (language === 'python' && !context.python) {
    return fail(
      'language_unavailable',
      `Parameter 'language': python is not available here (no interpreter loaded); available: ${available}`,
    );
  }
  return null;
}

export const tool: ToolImplementation = {
  name: 'execute_script',

  summarize(args) {
    const script = stringArg(args, 'script');
    const lines = script.length === 0 ? 0 : script.replace(/\n$/, '').split('\n').length;
    const directory = optionalStringArg(args, 'working_directory');
    const where = directory && directory !== '.' ? ` in ${directory.replace(/\/+$/, '')}/` : '';
    const timeout = integerArg(args, 'timeout_seconds') ?? DEFAULT_COMMAND_TIMEOUT_SECONDS;
    return `Run ${stringArg(args, 'language', 'unknown')} script (${lines} line${lines === 1 ? '' : 's'})${where} (timeout ${timeout} s)`;
  },

  effectiveRisk(args) {
    return stringArg(args, 'language') === 'bash' && destructiveCommandReason(stringArg(args, 'script'))
      ? 'critical'
      : 'high';
  },

  riskReason(args) {
    return stringArg(args, 'language') === 'bash' ? destructiveCommandReason(stringArg(args, 'script')) : null;
  },

  async precheck(args, context) {
    const unavailable = languageUnavailable(stringArg(args, 'language'), context);
    if (unavailable) return unavailable;
    const directory = await workingDirectory(context, optionalStringArg(args, 'working_directory'));
    return directory.ok ? null : directory.outcome;
  },

  async run(args, context) {
    const script = stringArg(args, 'script');
    const language = stringArg(args, 'language');
    const unavailable = languageUnavailable(language, context);
    if (unavailable) return unavailable;
    const python = context.python;
    const directory = await workingDirectory(context, optionalStringArg(args, 'working_directory'));
    if (!directory.ok) return directory.outcome;
    const label = `${language === 'bash' ? 'Bash' : 'Python'} script`;
    return runTracked(context, { command: script, workingDirectory: directory.relative, language, label }, () =>
      language === 'python' && python
        ? python.run(script, {
            cwd: directory.absolute,
            timeoutMs: context.timeoutMs,
            signal: context.signal,
            onProgress: (report) => context.reportProgress(report),
          })
        : context.workspace.runShell(script, {
            cwd: directory.absolute,
            timeoutMs: context.timeoutMs,
            signal: context.signal,
            runtimes: shellRuntimes(context),
          }),
    );
  },
};
