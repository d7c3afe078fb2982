/** RunTests: the project's test suite — `npm test` or `dotnet test`, found from the project files. */
import type { ToolImplementation } from '../../../runtime/types';
import { fail, optionalStringArg, quote, stringArg } from '../../support/handler';
import { detectProject, shellQuote } from './project';
import { directoryArg, runCommand } from './run';

export const tool: ToolImplementation = {
  name: 'RunTests',

  summarize: (args) => {
    const filter = optionalStringArg(args, 'filter');
    return `Run the tests of '${quote(stringArg(args, 'projectPath', '.'))}'${filter ? ` matching '${quote(filter, 40)}'` : ''}`;
  },

  async precheck(args, context) {
    const directory = await directoryArg(context, stringArg(args, 'projectPath', '.'), 'projectPath');
    return directory.ok ? null : directory.outcome;
  },

  async run(args, context) {
    const directory = await directoryArg(context, stringArg(args, 'projectPath', '.'), 'projectPath');
    if (!directory.ok) return directory.outcome;
    const filter = optionalStringArg(args, 'filter');
    const project = await detectProject(context.workspace, directory.absolute, directory.relative);
    let command: string;
    if (project.kind === 'npm') {
      if (!project.scripts['test'])
        return fail(
          'execution_failed',
          `Parameter 'projectPath': package.json in '${directory.relative}' has no "test" script`,
        );
      command = filter ? `npm test -- ${shellQuote(filter)}` : 'npm test';
    } else if (project.kind === 'dotnet') {
      command = `dotnet test ${shellQuote(project.project)}${filter ? ` --filter ${shellQuote(filter)}` : ''}`;
    } else {
      return fail(
        'path_not_found',
        `Parameter 'projectPath': ${project.looked}; point it at the project's directory`,
        undefined,
        ['Find the project with Glob {"pattern": "**/package.json"}'],
      );
    }
    return runCommand(context, command, directory, 'Tests');
  },
};
