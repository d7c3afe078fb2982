/**
 * `site build` and `site dev` on a prebuilt shell that is missing, half-built or broken end with an error that names
 * what failed and what to do, and never wait for ever: the shell's parts are checked before any work, a renderer that
 * cannot be loaded is named, and a page the renderer never finishes is given up at the render limit.
 * The shells here are small ones written by the test (a client of a few files and a renderer of a few lines).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCompilingValidator } from '../../../core/validation/compile';
import { scriptHash } from '../../../../scripts/paint-first';
import { VALIDATOR_RUNTIMES, validatorRuntimeModule } from '../../../../scripts/vite-site-data';
import { SHELL_FIX } from './build';
import { runSiteDev } from './dev';
import { runSiteCli } from './index';

const validator = createCompilingValidator();
const BOOT = 'document.documentElement.dataset.booted = "1";';
const TEMPLATE =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><meta name="description" content="Site." />' +
  '<title>Tool Schema Playground</title></head><body><div id="root"></div></body></html>';

/** A shell with every part, its renderer's module being `renderer`. */
function writeShell(shell: string, renderer: string): void {
  mkdirSync(join(shell, 'client', '.vite'), { recursive: true });
  mkdirSync(join(shell, 'client', 'data'), { recursive: true });
  mkdirSync(join(shell, 'server'), { recursive: true });
  writeFileSync(join(shell, 'client', 'index.html'), TEMPLATE);
  writeFileSync(join(shell, 'client', 'boot.js'), BOOT);
  writeFileSync(join(shell, 'client', '.vite', 'manifest.json'), '{}');
  mkdirSync(join(shell, 'client', 'data', 'validator-runtime'), { recursive: true });
  for (const name of Object.values(VALIDATOR_RUNTIMES))
    writeFileSync(join(shell, 'client', validatorRuntimeModule(name)), 'export {};\n');
  writeFileSync(
    join(shell, 'netlify.toml'),
    `[[headers]]\n  for = "/*"\n  [headers.values]\n    Content-Security-Policy = "default-src 'self'; script-src 'self' ${scriptHash(BOOT)}"\n`,
  );
  writeFileSync(join(shell, 'server', 'ssr.js'), renderer);
}

describe('site build and site dev on a broken prebuilt shell', () => {
  let work: string;
  let tools: string;
  let shell: string;

  beforeEach(() => {
    work = mkdtempSync(join(tmpdir(), 'site-shell-failure-'));
    tools = join(work, 'tools.json');
    writeFileSync(
      tools,
      JSON.stringify({
        tools: [{ name: 'echo_text', description: 'Echo the text.', inputSchema: { type: 'object', properties: {} } }],
      }),
    );
    shell = join(work, 'shell');
  });
  afterEach(() => {
    // The renderer's data is read once per process (write-site.ts): each case here loads a renderer of its own.
    delete (globalThis as { __toolSiteData?: unknown }).__toolSiteData;
    rmSync(work, { recursive: true, force: true });
  });

  it('names the parts a half-built shell lacks, and what to do, before reading any input', async () => {
    writeShell(shell, 'export {};\n');
    rmSync(join(shell, 'server'), { recursive: true });
    rmSync(join(shell, 'netlify.toml'));
    for (const argv of [
      ['build', tools, '--out', join(work, 'site')],
      ['dev', tools, '--port', '0'],
    ]) {
      const result = await runSiteCli(argv, { validator, shell });
      expect(result.exitCode).toBe(1);
      expect(result.stderr).toBe(
        `The prebuilt site (site-shell) is incomplete: server/ssr.js, netlify.toml are missing. ${SHELL_FIX}\n`,
      );
    }
    const none = await runSiteCli(['build', tools, '--out', join(work, 'site')], {
      validator,
      shell: join(work, 'nowhere'),
    });
    expect(none).toMatchObject({ exitCode: 1, stderr: expect.stringContaining('is missing from this installation') });
  });

  it('site build: a renderer that cannot be loaded is named, with what to do', async () => {
    writeShell(shell, 'throw new Error("the renderer was cut short");\n');
    const result = await runSiteCli(['build', tools, '--out', join(work, 'site')], { validator, shell });
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toBe(
      "The site could not be written: the prebuilt site's renderer (server/ssr.js) could not be loaded: " +
        `the renderer was cut short. ${SHELL_FIX}\n`,
    );
  });

  it('site dev: a page the renderer never finishes ends the command at the render limit, naming the page', async () => {
    // A renderer waiting on something that never comes, which keeps the page it was asked for.
    writeShell(
      shell,
      'export const asked = [];\n' +
        'export function renderPage(route, signal) { asked.push(signal); return new Promise(() => {}); }\n' +
        'export function readHomeToolset() {}\n',
    );
    const lines: string[] = [];
    const result = await runSiteDev([tools, '--port', '0'], { validator, shell, renderLimitMs: 100 }, (line) =>
      lines.push(line),
    );
    expect(result).toEqual({ stdout: '', stderr: 'site dev: nothing is served.\n', exitCode: 1 });
    expect(lines).toEqual([`The site could not be written: rendering / did not finish within 0.1 s. ${SHELL_FIX}`]);
    // The render given up was told so.
    const { asked } = (await import(join(shell, 'server', 'ssr.js'))) as { asked: AbortSignal[] };
    expect(asked.map((signal) => signal.aborted)).toEqual([true]);
  });

  it('site build: a renderer that fails names the page and the reason', async () => {
    writeShell(
      shell,
      'export async function renderPage(route) { throw new Error("no component for " + route.page); }\n' +
        'export function readHomeToolset() {}\n',
    );
    const result = await runSiteCli(['build', tools, '--out', join(work, 'site')], { validator, shell });
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toMatch(/^The site could not be written: rendering \/ failed: no component for \w+\. /);
    expect(result.stderr).toContain(SHELL_FIX);
  });
});
