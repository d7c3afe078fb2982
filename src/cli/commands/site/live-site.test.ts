/**
 * The site `site dev` keeps in step with the definitions: a saved change rewrites exactly the files it touches (the
 * changed tool's data, page, catalog and text for agents), every other file keeps its bytes and its time, and what
 * it writes is what `site build` writes of the same definitions. A renamed tool's files go with its old name.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importToolset } from '../../../core/import';
import type { ToolsetBundle } from '../../../core/toolset/types';
import { createCompilingValidator } from '../../../core/validation/compile';
import { buildSiteShell, SITE_SHELL_DIRECTORY } from '../../../../scripts/build-site-shell';
import { openLiveSite, type LiveSite } from './live-site';

const projectRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const shell = join(projectRoot, SITE_SHELL_DIRECTORY);
const validator = createCompilingValidator();

const tool = (name: string, description: string, properties: object = { text: { type: 'string' } }) => ({
  name,
  description,
  inputSchema: { type: 'object', properties },
});

/** The toolset an MCP `tools/list` result of these tools is imported as. */
function toolsetOf(...tools: object[]): ToolsetBundle[] {
  const result = importToolset(JSON.stringify({ tools }), { validator, toolsetName: 'tools' });
  expect(result.problems.filter((problem) => problem.severity === 'error')).toEqual([]);
  return [result.toolset];
}

/** Every file of the site, with its bytes and its modification time. */
function snapshot(out: string): Map<string, { text: string; mtimeMs: number }> {
  return new Map(
    readdirSync(out, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => {
        const file = join(entry.parentPath, entry.name);
        return [relative(out, file), { text: readFileSync(file, 'utf8'), mtimeMs: statSync(file).mtimeMs }];
      }),
  );
}

describe('the live site of site dev', () => {
  let work: string;
  let out: string;
  let site: LiveSite;

  beforeAll(async () => {
    if (!existsSync(join(shell, 'server', 'ssr.js')) || !existsSync(join(shell, 'netlify.toml')))
      await buildSiteShell(projectRoot);
    work = mkdtempSync(join(tmpdir(), 'live-site-'));
    out = join(work, 'site');
    site = await openLiveSite(
      toolsetOf(tool('echo_text', 'Echo the text it is given.'), tool('count_words', 'Count the words of a text.')),
      { out, base: '/', siteUrl: null, title: 'Text tools', shell, html: (page) => `${page}<!-- live -->` },
    );
  }, 300_000);

  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('writes the whole site first, each page through the given transform', () => {
    const before = snapshot(out);
    expect(before.get('tools/echo_text/index.html')!.text).toContain('Echo the text it is given.');
    expect(before.get('tools/echo_text/index.html')!.text.endsWith('<!-- live -->')).toBe(true);
    expect(before.get('llms.txt')!.text).toContain('Count the words of a text.');
    // The shell's own documents (the embed page) are no pages of the site: only the rendered ones are transformed.
    expect(site.pageCount).toBe([...before.values()].filter((file) => file.text.endsWith('<!-- live -->')).length);
    expect(site.pageCount).toBeGreaterThanOrEqual(3);
  });

  it("rewrites a changed description's tool, catalog and text for agents, and leaves every other file as it was", async () => {
    const before = snapshot(out);
    const written = await site.update(
      toolsetOf(
        tool('echo_text', 'Repeat the text back, word for word.'),
        tool('count_words', 'Count the words of a text.'),
      ),
    );
    expect([...written].sort()).toEqual(
      [
        'data/bundle.js',
        'data/page-summaries.js',
        'data/page-tools/0-echo_text.js',
        'index.html',
        'llms-full.txt',
        'llms.txt',
        'tools/echo_text/index.html',
        'tools/echo_text/index.md',
        'toolsets/tools/tools/echo_text/index.md',
      ].sort(),
    );
    const after = snapshot(out);
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
    for (const [path, file] of after) {
      if (written.includes(path)) {
        expect(file.text, path).not.toBe(before.get(path)!.text);
        expect(file.text, path).not.toContain('Echo the text it is given.');
      } else expect(file, path).toEqual(before.get(path));
    }
    expect(after.get('tools/echo_text/index.html')!.text).toContain('Repeat the text back, word for word.');
    expect(after.get('index.html')!.text).toContain('Repeat the text back, word for word.');
  });

  it("rewrites a changed schema's validator with the tool, and a save that changes nothing writes nothing", async () => {
    const tools = [
      tool('echo_text', 'Repeat the text back, word for word.', {
        text: { type: 'string' },
        times: { type: 'integer', minimum: 1 },
      }),
      tool('count_words', 'Count the words of a text.'),
    ];
    const written = await site.update(toolsetOf(...tools));
    expect(written).toContain('data/validators/0-echo_text.js');
    // The tool's module carries its validator's entry (its schema's hash).
    expect(written).toContain('data/page-tools/0-echo_text.js');
    expect(written).not.toContain('data/validator-loaders.js');
    expect(written).toContain('tools/echo_text/index.html');
    expect(written.filter((path) => path.includes('count_words'))).toEqual([]);
    expect(readFileSync(join(out, 'data', 'validators', '0-echo_text.js'), 'utf8')).toContain('times');
    expect(await site.update(toolsetOf(...tools))).toEqual([]);
  });

  it("renders every page when a tool is renamed, and removes the old name's files", async () => {
    const written = await site.update(
      toolsetOf(
        tool('echo_text', 'Repeat the text back, word for word.', {
          text: { type: 'string' },
          times: { type: 'integer', minimum: 1 },
        }),
        tool('word_count', 'Count the words of a text.'),
      ),
    );
    expect(written).toContain('tools/count_words/index.html');
    expect(written).toContain('tools/word_count/index.html');
    expect(existsSync(join(out, 'tools', 'count_words', 'index.html'))).toBe(false);
    expect(existsSync(join(out, 'data', 'page-tools', '1-count_words.js'))).toBe(false);
    expect(readFileSync(join(out, 'tools', 'word_count', 'index.html'), 'utf8')).toContain(
      'Count the words of a text.',
    );
    expect(readFileSync(join(out, 'llms.txt'), 'utf8')).not.toContain('count_words');
  });

  it('holds what site build writes of the same definitions', async () => {
    const tools = [
      tool('echo_text', 'Repeat the text back, word for word.', {
        text: { type: 'string' },
        times: { type: 'integer', minimum: 1 },
      }),
      tool('word_count', 'Count the words of a text.'),
    ];
    const file = join(work, 'tools.json');
    writeFileSync(file, JSON.stringify({ tools }));
    const built = join(work, 'built');
    // A process of its own: a process has one renderer, the live site's here.
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'src/cli/main.ts', 'site', 'build', file, '--out', built, '--title', 'Text tools'],
      { cwd: projectRoot, encoding: 'utf8' },
    );
    expect(result.stderr).toBe('');
    const live = snapshot(out);
    const fresh = snapshot(built);
    expect([...live.keys()].sort()).toEqual([...fresh.keys()].sort());
    for (const [path, { text }] of fresh) expect(live.get(path)!.text.replace(/<!-- live -->$/, ''), path).toBe(text);
  }, 120_000);
});
