/** `site build` and `site dev`: each subcommand's module, loaded when run. */
import { EXIT_USAGE, type CommandResult } from '../../types';
import type { SiteCommandContext } from './build';
import { SITE_USAGE } from './usage';
import type { Command } from '../../command';

export async function runSiteCli(argv: readonly string[], context: SiteCommandContext): Promise<CommandResult> {
  const [subcommand, ...rest] = argv;
  if (subcommand === 'build') {
    const { parseSiteBuild, runSiteBuild } = await import('./build');
    const request = parseSiteBuild(rest);
    return 'exitCode' in request ? request : runSiteBuild(request, context);
  }
  if (subcommand === 'dev') {
    const { runSiteDev } = await import('./dev');
    return runSiteDev(rest, context);
  }
  if (subcommand === undefined || subcommand === '--help' || subcommand === 'help')
    return { stdout: `${SITE_USAGE}\n`, stderr: '', exitCode: subcommand === undefined ? EXIT_USAGE : 0 };
  return {
    stdout: '',
    stderr: `Unknown site command '${subcommand}': use site build or site dev.\n\n${SITE_USAGE}\n`,
    exitCode: EXIT_USAGE,
  };
}

export const command: Command = {
  name: 'site',
  usage: SITE_USAGE,
  summary: `site build|dev <input…> --out <dir>                           a static site of any toolset, like this one (help site)`,
  run: (argv, context) => runSiteCli(argv, { validator: context.validator, shell: context.siteShell ?? '' }),
};
