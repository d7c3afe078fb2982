/**
 * `site dev` from the sources: it serves the site of a definitions file, and when the file is saved with a new
 * description, the open page is told to reload and the page it reloads shows the new text. With --history, the
 * earlier releases are in the site, and a release added to the folder is a change too.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSiteShell, SITE_SHELL_DIRECTORY } from '../../../../scripts/build-site-shell';
import { shellProblem } from './build';

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
  let history: string;

  beforeAll(async () => {
    // A shell missing any part (a build of it that stopped half-way) is built again.
    if (shellProblem(join(projectRoot, SITE_SHELL_DIRECTORY))) await buildSiteShell(projectRoot);
    work = mkdtempSync(join(tmpdir(), 'site-dev-'));
    file = join(work, 'tools.json');
    writeFileSync(file, definitions('Echo the text it is given.'));
    history = join(work, 'history');
    mkdirSync(history);
    writeFileSync(join(history, '0.9.0.json'), definitions('An earlier wording.'));
    child = spawn(
      process.execPath,
      ['--import', 'tsx', 'src/cli/main.ts', 'site', 'dev', file, '--history', history, '--port', '0'],
      { cwd: projectRoot, stdio: ['ignore', 'pipe', 'pipe'] },
    );
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

  /** Resolves once the server tells the open pages to reload; `change` is made once it listens. */
  const reloadAfter = async (change: () => void) => {
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
    change();
    await reloaded;
    await reader.cancel();
  };

  /** The module of the echo_text tool's page data: the tool, and its earlier releases. */
  const toolModule = async () => {
    const toolsets = await (await fetch(new URL('data/page-toolsets.js', site))).text();
    // The site's one tool, first: its module is named by its position and its name.
    expect(toolsets).toContain('["echo_text"]');
    return (await fetch(new URL('data/page-tools/0-echo_text.js', site))).text();
  };

  it('serves the site, and reloads the page with the saved change', async () => {
    const page = new URL('tools/echo_text/', site).href;
    const before = await (await fetch(page)).text();
    expect(before).toContain('Echo the text it is given.');
    expect(before).toContain('<script src="/site-dev.js"></script>');
    expect(await (await fetch(new URL('site-dev.js', site))).text()).toContain("addEventListener('reload'");

    await reloadAfter(() => writeFileSync(file, definitions('Repeat the text back, word for word.')));
    const after = await (await fetch(page)).text();
    expect(after).toContain('Repeat the text back, word for word.');
    expect(after).not.toContain('Echo the text it is given.');
  }, 300_000);

  it('builds with --history, and a release added to that folder reloads the page with it', async () => {
    const before = await toolModule();
    expect(before).toContain('"version":"0.9.0"');
    expect(before).toContain('An earlier wording.');
    expect(before).not.toContain('"version":"0.8.0"');
    await reloadAfter(() => writeFileSync(join(history, '0.8.0.json'), definitions('The first wording.')));
    const after = await toolModule();
    expect(after).toContain('"version":"0.8.0"');
    expect(after).toContain('The first wording.');
    expect(after).toContain('An earlier wording.');
  }, 300_000);

  it('takes a save that renames the home toolset: its catalog at the root, its tools at their home addresses', async () => {
    const renamed = (id: string, name: string) =>
      JSON.stringify({
        manifest: { id, name, version: '1.0.0', description: `The ${name} toolset.`, categories: [] },
        tools: [
          {
            name: 'echo_text',
            description: 'Echo the text it is given.',
            inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
          },
        ],
      });
    for (const [id, name] of [
      ['echo-tools', 'Echo tools'],
      ['parrot-tools', 'Parrot tools'],
    ] as const) {
      await reloadAfter(() => writeFileSync(file, renamed(id, name)));
      const home = await (await fetch(site)).text();
      expect(home).toContain(`The ${name} toolset.`);
      const page = await fetch(new URL('tools/echo_text/', site));
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain(`<option value="${id}" selected`);
      expect(html).not.toContain(`/toolsets/${id}/`);
      expect(html).toContain('<h1');
    }
  }, 300_000);
});
