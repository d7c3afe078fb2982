/**
 * `site dev` from the sources: it serves the site of a definitions file, and when the file is saved with a new
 * description, the open page is told to reload and the page it reloads shows the new text.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSiteShell, SITE_SHELL_DIRECTORY } from '../../../../scripts/build-site-shell';

const projectRoot = fileURLToPath(new URL('../../../../', import.meta.url));

const definitions = (description: string) =>
  JSON.stringify({
    tools: [
      {
        name: 'echo_text',
        description,
        inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
      },
    ],
  });

describe('site dev', () => {
  let work: string;
  let file: string;
  let child: ChildProcess;
  let site: string;

  beforeAll(async () => {
    if (!existsSync(join(projectRoot, SITE_SHELL_DIRECTORY, 'server', 'ssr.js'))) await buildSiteShell(projectRoot);
    work = mkdtempSync(join(tmpdir(), 'site-dev-'));
    file = join(work, 'tools.json');
    writeFileSync(file, definitions('Echo the text it is given.'));
    child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'site', 'dev', file, '--port', '0'], {
      cwd: projectRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    site = await new Promise<string>((resolve, reject) => {
      let stdout = '';
      let stderr = '';
      child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
      child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
        stdout += chunk;
        const match = /Serving the site at (\S+)/.exec(stdout);
        if (match) resolve(match[1]!);
      });
      child.on('close', (code) => reject(new Error(`site dev ended (${code}):\n${stderr}`)));
    });
  }, 300_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const ended = new Promise((resolve) => child.on('close', resolve));
      child.kill('SIGINT');
      await ended;
    }
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('serves the site, and reloads the page with the saved change', async () => {
    const page = new URL('tools/echo_text/', site).href;
    const before = await (await fetch(page)).text();
    expect(before).toContain('Echo the text it is given.');
    expect(before).toContain('<script src="/site-dev.js"></script>');
    expect(await (await fetch(new URL('site-dev.js', site))).text()).toContain("addEventListener('reload'");

    const events = await fetch(new URL('__site-dev/events', site));
    const reader = events.body!.pipeThrough(new TextDecoderStream()).getReader();
    const reloaded = (async () => {
      let text = '';
      while (!text.includes('event: reload')) {
        const { value, done } = await reader.read();
        if (done) throw new Error('the events ended before a reload');
        text += value;
      }
    })();
    writeFileSync(file, definitions('Repeat the text back, word for word.'));
    await reloaded;
    await reader.cancel();
    const after = await (await fetch(page)).text();
    expect(after).toContain('Repeat the text back, word for word.');
    expect(after).not.toContain('Echo the text it is given.');
  }, 300_000);
});
