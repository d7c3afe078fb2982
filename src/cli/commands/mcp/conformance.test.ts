// The official MCP conformance suite's client scenarios, run against this CLI's client (the runner starts its own
// servers on loopback, appends the URL to the command and reads the checks). Scenarios and the known failures,
// with why, are data: conformance-scenarios.json.
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import scenarios from './conformance-scenarios.json';

const runner = createRequire(import.meta.url).resolve('@modelcontextprotocol/conformance/dist/index.js');
const cli = fileURLToPath(new URL('../../../../bin/tool-schemas.js', import.meta.url));
const root = fileURLToPath(new URL('../../../../', import.meta.url));

const adapter = fileURLToPath(new URL('./conformance-client.mjs', import.meta.url));
const perScenario: Record<string, string> = scenarios.command.perScenario;

const commandFor = (scenario: string): string => {
  const subcommand =
    perScenario[scenario] ??
    (scenario === 'tools_call'
      ? scenarios.command.tools_call
      : scenario.startsWith('auth/')
        ? scenarios.command.auth
        : scenarios.command.default);
  // Scenarios with pre-registered credentials pass them through the environment, as a user would.
  return `"${process.execPath}" "${scenarios.withContext.includes(scenario) ? adapter : cli}" ${subcommand}`;
};

function runScenario(scenario: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [runner, 'client', '--command', commandFor(scenario), '--scenario', scenario, '--timeout', '150000'],
      { cwd: root, env: { ...process.env, TOOL_SCHEMAS_FROM_SOURCE: '1', NO_COLOR: '1' }, timeout: 170_000 },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, output: `${stdout}${stderr}` });
      },
    );
  });
}

describe('MCP conformance, client scenarios', () => {
  it.each(scenarios.passing)('%s', { timeout: 200_000 }, async (scenario) => {
    const { code, output } = await runScenario(scenario);
    expect(output, output.slice(-3000)).toMatch(/OVERALL: PASSED/);
    expect(code).toBe(0);
  });

  it('lists a reason for every scenario it does not pass, and covers every client scenario of the suite', async () => {
    const failing: Record<string, string> = scenarios.failing;
    for (const [scenario, reason] of Object.entries(failing)) {
      expect(scenarios.passing).not.toContain(scenario);
      expect(reason.length).toBeGreaterThan(20);
    }
    const listed = await new Promise<string>((resolve) =>
      execFile(process.execPath, [runner, 'list'], { cwd: root, timeout: 60_000 }, (_error, stdout) => resolve(stdout)),
    );
    const client = listed
      .slice(listed.indexOf('Client scenarios'))
      .split('\n')
      .flatMap((line) => /^\s+- (\S+)/.exec(line)?.slice(1) ?? []);
    expect(client.length).toBeGreaterThan(20);
    expect(client.filter((scenario) => !scenarios.passing.includes(scenario) && !(scenario in failing))).toEqual([]);
  });
});
