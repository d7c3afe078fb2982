/**
 * BuildProject: `npm run build` or `dotnet build -c <configuration>`, found from the project files; a
 * configuration (a dotnet notion) given explicitly picks the .sln or .csproj where both kinds are there.
 */
import type { ToolImplementation } from '../../../runtime/types';
import { fail, quote, stringArg } from '../../support/handler';
import { detectProject, shellQuote } from './project';
import { directoryArg, runCommand } from './run';

export const tool: ToolImplementation = {
  name: 'BuildProject',

  summarize: (args) =>
    `Build '${quote(stringArg(args, 'projectPath', '.'))}' (${stringArg(args, 'configuration', 'Debug')})`,

  async precheck(args, context) {
    const directory = await directoryArg(context, stringArg(args, 'projectPath', '.'), 'projectPath');
    return directory.ok ? null : directory.outcome;
  },

  async run(args, context) {
    const directory = await directoryArg(context, stringArg(args, 'projectPath', '.'), 'projectPath');
    if (!directory.ok) return directory.outcome;
    const configuration = stringArg(args, 'configuration', 'Debug') === 'Release' ? 'Release' : 'Debug';
    const project = await detectProject(
      context.workspace,
      directory.absolute,
      directory.relative,
      args['configuration'] !== undefined,
    );
    let command: string;
    if (project.kind === 'npm') {
      if (!project.scripts['build'])
        return fail(
          'execution_failed',
          `Parameter 'projectPath': package.json in '${directory.relative}' has no "build" script`,
        );
      command = 'npm run build';
    } else if (project.kind === 'dotnet') {
      command = `dotnet build ${shellQuote(project.project)} -c ${configuration}`;
    } else {
      return fail('path_not_found', `Parameter 'projectPath': ${project.looked}; point it at the project's directory`);
    }
    return runCommand(context, command, directory, 'Build');
  },
};
