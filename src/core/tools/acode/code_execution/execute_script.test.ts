import { describe, expect, it, vi } from 'vitest';
import type { PythonRunner } from '../../../runtime/types';
import { createTestBench } from '../../support/context.test-support';
import { tool as executeScript } from './execute_script';

describe('execute_script', () => {
  it('runs a multi-line bash script', async () => {
    const bench = await createTestBench({ 'src/a.cs': 'a\nb\n', 'src/b.cs': 'c\n' });
    const outcome = await bench.run(executeScript, {
      language: 'bash',
      script: 'count=0\nfor f in src/*.cs; do\n  count=$((count + 1))\ndone\necho "files: $count"',
    });
    expect(outcome.success).toBe(true);
    expect(outcome.data).toMatchObject({ kind: 'command_output', stdout: 'files: 2\n', exitCode: 0, language: 'bash' });
  });

  it('hands python to the injected runner with the working directory', async () => {
    const run = vi.fn<PythonRunner['run']>(async () => ({
      stdout: 'README.md\n',
      stderr: '',
      exitCode: 0,
      timedOut: false,
    }));
    const bench = await createTestBench({ 'docs/README.md': '#' }, { run });
    const outcome = await bench.run(executeScript, {
      language: 'python',
      script: "import os\nprint(os.listdir('.'))",
      working_directory: 'docs',
    });
    expect(outcome.success).toBe(true);
    expect(outcome.data).toMatchObject({ stdout: 'README.md\n', language: 'python', workingDirectory: 'docs' });
    expect(run.mock.calls[0]![0]).toBe("import os\nprint(os.listdir('.'))");
    expect(run.mock.calls[0]![1].cwd).toBe('/workspace/docs');
  });

  it('reports a python error exit as a failure with its stderr', async () => {
    const python: PythonRunner = {
      run: async () => ({ stdout: '', stderr: 'Traceback: NameError\n', exitCode: 1, timedOut: false }),
    };
    const bench = await createTestBench({}, python);
    const outcome = await bench.run(executeScript, { language: 'python', script: 'nope' });
    expect(outcome.success).toBe(false);
    expect(outcome.error).toContain('NameError');
  });

  it('says which languages are available', async () => {
    const bench = await createTestBench();
    const noPython = await bench.run(executeScript, { language: 'python', script: 'print(1)' });
    expect(noPython.errorCode).toBe('language_unavailable');
    expect(noPython.error).toContain('available: bash');
    const powershell = await bench.run(executeScript, { language: 'powershell', script: 'Get-ChildItem' });
    expect(powershell.errorCode).toBe('language_unavailable');
    const withPython = await createTestBench(
      {},
      { run: async () => ({ stdout: '', stderr: '', exitCode: 0, timedOut: false }) },
    );
    expect((await withPython.run(executeScript, { language: 'powershell', script: 'x' })).error).toContain(
      'available: bash, python',
    );
  });

  it('prechecks the language before approval, naming what is available', async () => {
    const bench = await createTestBench();
    const powershell = await executeScript.precheck?.(
      { language: 'powershell', script: 'Get-ChildItem' },
      bench.context(),
    );
    expect(powershell?.errorCode).toBe('language_unavailable');
    expect(powershell?.error).toContain('available: bash');
    expect(
      (await executeScript.precheck?.({ language: 'python', script: 'print(1)' }, bench.context()))?.errorCode,
    ).toBe('language_unavailable');
    expect(await executeScript.precheck?.({ language: 'bash', script: 'ls' }, bench.context())).toBeNull();
    expect(executeScript.riskReason?.({ language: 'bash', script: 'cd /\nrm -rf *' })).toBe(
      'recursive forced delete (rm -rf)',
    );
  });

  it('stops an endless script at the timeout', async () => {
    const bench = await createTestBench();
    const outcome = await bench.run(
      executeScript,
      { language: 'bash', script: 'while true\ndo\n  :\ndone' },
      { timeoutMs: 1000 },
    );
    expect(outcome.errorCode).toBe('timeout');
  });

  it('rates destructive bash critical and summarizes', () => {
    expect(executeScript.effectiveRisk?.({ language: 'bash', script: 'cd /\nrm -rf *' }, {} as never)).toBe('critical');
    expect(executeScript.effectiveRisk?.({ language: 'bash', script: 'ls' }, {} as never)).toBe('high');
    expect(executeScript.summarize({ language: 'bash', script: 'a\nb\nc' })).toBe(
      'Run bash script (3 lines) (timeout 300 s)',
    );
  });
});
