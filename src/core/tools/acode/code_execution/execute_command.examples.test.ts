import { createCompilingValidator } from '../../../validation/compile';
import { describe, expect, it } from 'vitest';
import { createExecutionService } from '../../../runtime/service';
import { bundle } from '../../../toolset/bundle';
import { createSampleWorkspace } from '../../../workspace/sample';
import { answering } from '../../support/context.test-support';
import { acodeImplementations } from '../index';

// The validator these tests check with: schemas compiled on demand, as the CLI does.
const validator = createCompilingValidator();

/** The execute_command examples from the schema, run on the sample project as the page runs them. */
async function sampleService() {
  const workspace = await createSampleWorkspace();
  return createExecutionService({
    validator,
    tools: bundle.tools,
    implementations: acodeImplementations(),
    workspace,
    interaction: answering('Yes'),
    approve: async () => true,
  });
}

const examples = bundle.tools.find((tool) => tool.name === 'execute_command')!.examples;
const example = (command: string) => {
  const found = examples.find((entry) => entry.arguments['command'] === command);
  if (!found) throw new Error(`no execute_command example runs ${command}`);
  return found.arguments;
};

const commandOutput = (data: unknown) =>
  data as { stdout: string; stderr: string; exitCode: number; workingDirectory: string };

describe('execute_command schema examples on the sample project', () => {
  it('npm test in frontend runs the front-end tests with node', async () => {
    const service = await sampleService();
    const result = await service.execute('execute_command', example('npm test'));
    expect(result.success, JSON.stringify(result)).toBe(true);
    const output = commandOutput(result.data);
    expect(output.workingDirectory).toBe('frontend');
    expect(output.stdout).toContain('> acme-tasks-frontend@0.4.0 test\n> node tests/run.js');
    expect(output.stdout).toContain('  ✓ countByStatus counts each status');
    expect(output.stdout).toContain('5 passing, 0 failing');
    expect(output.exitCode).toBe(0);
  });

  it('node app.js with NODE_ENV and PORT prints its configuration', async () => {
    const service = await sampleService();
    const result = await service.execute('execute_command', example('node app.js'));
    expect(result.success, JSON.stringify(result)).toBe(true);
    expect(commandOutput(result.data).stdout).toBe(
      'Server configured for production on port 3000\nApp acme-tasks, log level Warning\n',
    );
  });

  it('dotnet build checks the C# syntax of the project with a real parser, and says that is all it does', async () => {
    const service = await sampleService();
    const result = await service.execute('execute_command', example('dotnet build'));
    expect(result.success, JSON.stringify(result)).toBe(true);
    const output = commandOutput(result.data);
    expect(output.stdout).toMatch(/^dotnet build: syntax check only\. The browser workspace has no \.NET SDK/);
    expect(output.stdout).toMatch(/ {2}AcmeTasks: \d+ C# files checked\n/);
    expect(output.stdout).toContain('Build succeeded (syntax check).\n    0 Warning(s)\n    0 Error(s)\n');
    expect(output.exitCode).toBe(0);
  });

  it('dotnet build fails on a broken C# file, with the file, line and column', async () => {
    const workspace = await createSampleWorkspace();
    const service = createExecutionService({
      validator,
      tools: bundle.tools,
      implementations: acodeImplementations(),
      workspace,
      interaction: answering('Yes'),
      approve: async () => true,
    });
    await workspace.writeText(
      'src/Broken.cs',
      'namespace Acme.Tasks;\n\npublic class Broken\n{\n    public int Value() => ;\n}\n',
    );
    const result = await service.execute('execute_command', example('dotnet build'));
    expect(result.success).toBe(false);
    const output = commandOutput(result.data);
    expect(output.exitCode).toBe(1);
    expect(output.stdout).toMatch(/src\/Broken\.cs\(5,\d+\): error SYNTAX: .+ \[AcmeTasks\.csproj\]/);
    expect(output.stdout).toContain('Build FAILED (syntax check).');
    expect(output.stdout).not.toMatch(/src\/(?!Broken)\S+\.cs\(\d+,\d+\): error/);
  });

  it('other dotnet commands say honestly that .NET is not available here', async () => {
    const service = await sampleService();
    const result = await service.execute('execute_command', { command: 'dotnet test' });
    expect(result.errorCode).toBe('execution_failed');
    const output = commandOutput(result.data);
    expect(output.exitCode).toBe(127);
    expect(output.stderr).toBe(
      'dotnet: not available in the browser workspace (available: bash built-ins, node, npm, python, dotnet build (syntax check))\n',
    );
  });

  it('a failing front-end test fails the command with the runner’s report', async () => {
    const workspace = await createSampleWorkspace();
    await workspace.writeText(
      'frontend/src/labels.js',
      (await workspace.readText('frontend/src/labels.js')).replace(
        "in_progress: 'In progress'",
        "in_progress: 'Doing'",
      ),
    );
    const service = createExecutionService({
      validator,
      tools: bundle.tools,
      implementations: acodeImplementations(),
      workspace,
      interaction: answering('Yes'),
      approve: async () => true,
    });
    const result = await service.execute('execute_command', example('npm test'));
    expect(result.success).toBe(false);
    const output = commandOutput(result.data);
    expect(output.exitCode).toBe(1);
    expect(output.stdout).toContain('  ✗ statusLabel names every status');
    expect(output.stdout).toContain('4 passing, 1 failing');
    // Node's own layout of a failed strictEqual of two strings: + actual, - expected.
    expect(output.stderr).toMatch(/\+ 'Doing'\n\s*- 'In progress'/);
  });
});
