import { describe, expect, it } from 'vitest';
import { createWorkspace, type WorkspaceImpl } from '../workspace';
import type { ShellRuntimes, SyntaxProblem } from '../types';

/** A stand-in parser: a line holding `@@` is a syntax error there. The real one is tested with execute_command. */
const checker = async (source: string): Promise<SyntaxProblem[]> =>
  source
    .split('\n')
    .flatMap((line, index) =>
      line.includes('@@')
        ? [{ line: index + 1, column: line.indexOf('@@') + 1, message: "Syntax error near '@@'" }]
        : [],
    );

const runtimes: ShellRuntimes = { csharpSyntax: checker };

async function project(files: Record<string, string>): Promise<WorkspaceImpl> {
  const workspace = await createWorkspace();
  for (const [path, text] of Object.entries(files)) await workspace.writeText(path, text);
  return workspace;
}

const run = (workspace: WorkspaceImpl, command: string, cwd = '/workspace') =>
  workspace.runShell(command, { cwd, timeoutMs: 10_000, runtimes });

describe('dotnet build (syntax check)', () => {
  it('checks every .cs file of the project but bin/ and obj/, and says what it is', async () => {
    const workspace = await project({
      'App.csproj': '<Project />',
      'Program.cs': 'ok',
      'src/A.cs': 'ok',
      'bin/Gen.cs': '@@',
      'obj/Gen.cs': '@@',
      'notes.txt': '@@',
    });
    const result = await run(workspace, 'dotnet build');
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toBe(
      'dotnet build: syntax check only. The browser workspace has no .NET SDK, so nothing is restored, compiled or run.\n' +
        '  App: 2 C# files checked\n\nBuild succeeded (syntax check).\n    0 Warning(s)\n    0 Error(s)\n',
    );
  });

  it('reports each error as MSBuild does, relative to where it ran, and fails', async () => {
    const workspace = await project({
      'api/Api.csproj': '<Project />',
      'api/Good.cs': 'ok',
      'api/Models/Bad.cs': 'ok\n  x @@ y\n',
    });
    const result = await run(workspace, 'dotnet build api');
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain("api/Models/Bad.cs(2,5): error SYNTAX: Syntax error near '@@' [api/Api.csproj]");
    expect(result.stdout).toContain('Build FAILED (syntax check).');
    expect(result.stdout).toMatch(/ {4}1 Error\(s\)\n$/);
    const fromInside = await run(workspace, 'dotnet build', '/workspace/api');
    expect(fromInside.stdout).toContain("Models/Bad.cs(2,5): error SYNTAX: Syntax error near '@@' [Api.csproj]");
  });

  it('builds the projects a solution lists', async () => {
    const workspace = await project({
      'All.sln':
        'Project("{FAE04EC0}") = "Web", "web\\Web.csproj", "{1}"\nEndProject\nProject("{FAE04EC0}") = "Lib", "lib\\Lib.csproj", "{2}"\nEndProject\n',
      'web/Web.csproj': '<Project />',
      'web/W.cs': 'ok',
      'lib/Lib.csproj': '<Project />',
      'lib/L.cs': 'ok',
      'lib/M.cs': 'ok',
    });
    const result = await run(workspace, 'dotnet build All.sln');
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('  Web: 1 C# file checked\n  Lib: 2 C# files checked\n');
  });

  it('needs exactly one project or solution, as MSBuild does', async () => {
    const none = await run(await project({ 'a.cs': 'ok' }), 'dotnet build');
    expect(none).toMatchObject({ exitCode: 1, stderr: expect.stringContaining('error MSB1003') });
    const two = await run(await project({ 'A.csproj': '', 'B.csproj': '' }), 'dotnet build');
    expect(two).toMatchObject({ exitCode: 1, stderr: expect.stringContaining('error MSB1011') });
    const missing = await run(await project({ 'A.csproj': '' }), 'dotnet build Nope.csproj');
    expect(missing).toMatchObject({ exitCode: 1, stderr: expect.stringContaining('error MSB1009') });
  });

  it('is honestly unavailable for anything else, and entirely without a parser', async () => {
    const workspace = await project({ 'A.csproj': '' });
    expect(await run(workspace, 'dotnet test')).toMatchObject({
      exitCode: 127,
      stderr:
        'dotnet: not available in the browser workspace (available: bash built-ins, node, npm, python, dotnet build (syntax check))\n',
    });
    const withoutParser = await workspace.runShell('dotnet build', { cwd: '/workspace', timeoutMs: 10_000 });
    expect(withoutParser).toMatchObject({
      exitCode: 127,
      stderr: 'dotnet: not available in the browser workspace (available: bash built-ins, node, npm, python)\n',
    });
  });
});
