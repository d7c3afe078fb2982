import { describe, expect, it } from 'vitest';
import { createWorkspace } from '../workspace';
import { UNAVAILABLE_TOOLCHAINS } from './unavailable';

describe('toolchains a browser cannot run', () => {
  it('answer with one clear line on stderr and exit 127', async () => {
    const workspace = await createWorkspace();
    for (const name of ['pwsh', 'powershell', 'java', 'cargo', 'go']) {
      expect(UNAVAILABLE_TOOLCHAINS).toContain(name);
      const result = await workspace.runShell(`${name} build`, { cwd: '/workspace', timeoutMs: 5000 });
      expect(result, name).toEqual({
        stdout: '',
        stderr: `${name}: not available in the browser workspace (available: bash built-ins, node, npm, python)\n`,
        exitCode: 127,
        timedOut: false,
      });
    }
  });

  it('stop an && chain like a missing command would', async () => {
    const workspace = await createWorkspace();
    const result = await workspace.runShell('cargo build && echo built; echo "exit=$?"', {
      cwd: '/workspace',
      timeoutMs: 5000,
    });
    expect(result.stdout).toBe('exit=127\n');
  });
});
