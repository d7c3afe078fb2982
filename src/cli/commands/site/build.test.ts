/**
 * `site build` from the sources, on a real MCP server's tools/list (server-filesystem, captured in the audit corpus):
 * the written site's pages, data, validators, text for agents and headers. The prebuilt shell is built first when
 * this checkout has none (scripts/build-site-shell.ts, about a minute).
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { runMockFunction, type MockSpec } from '../../../core/runtime/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompilingValidator } from '../../../core/validation/compile';
import { buildSiteShell, SITE_SHELL_DIRECTORY } from '../../../../scripts/build-site-shell';
import { parseSiteBuild, runSiteBuild, shellProblem, type SiteBuildRequest } from './build';
import type { CommandResult } from '../../types';

const projectRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const shell = join(projectRoot, SITE_SHELL_DIRECTORY);
const corpus = join(projectRoot, 'src/core/audit/corpus/server-filesystem.json');
const corpusTools = (JSON.parse(readFileSync(corpus, 'utf8')) as { tools: { name: string }[] }).tools.map(
  (tool) => tool.name,
);
const validator = createCompilingValidator();

const request = (argv: string[]): SiteBuildRequest => {
  const parsed = parseSiteBuild(argv);
  if ('exitCode' in parsed) throw new Error(parsed.stderr);
  return parsed;
};

describe('site build', () => {
  let work: string;
  let out: string;
  let built: CommandResult;
  let refusing: string;

  beforeAll(async () => {
    if (shellProblem(shell)) await buildSiteShell(projectRoot);
    work = mkdtempSync(join(tmpdir(), 'site-build-'));
    out = join(work, 'site');
    refusing = join(work, 'more-tools.json');
    const good = {
      name: 'echo_text',
      description: 'Echo the text it is given.',
      inputSchema: { type: 'object', properties: { text: { type: 'string', maxLength: 20 } }, required: ['text'] },
    };
    const bad = {
      name: 'broken_tool',
      description: 'Its schema is no object schema.',
      inputSchema: { type: 'string' },
    };
    writeFileSync(refusing, JSON.stringify({ tools: [good, bad] }));
    const mocks = join(work, 'mocks.json');
    writeFileSync(
      mocks,
      JSON.stringify({
        list_allowed_directories: { content: [{ type: 'text', text: 'Allowed directories:\n/projects' }] },
        get_file_info: { $function: "(args) => ({ content: 'size of ' + args.path + ': 42' })" },
      }),
    );
    const history = join(work, 'history');
    mkdirSync(history);
    const earlier = JSON.parse(readFileSync(corpus, 'utf8')) as { tools: { name: string; description: string }[] };
    writeFileSync(
      join(history, '0.9.0.json'),
      JSON.stringify({
        tools: earlier.tools
          .filter((tool) => tool.name === 'read_text_file')
          .map((tool) => ({ ...tool, description: 'An earlier wording.' })),
      }),
    );
    built = await runSiteBuild(
      request([
        corpus,
        refusing,
        '--out',
        out,
        '--base',
        '/docs/',
        '--site-url',
        'https://tools.example.com/docs/',
        '--title',
        'Filesystem tools',
        '--allow-refused',
        '--mocks',
        mocks,
        '--history',
        history,
      ]),
      { validator, shell },
    );
  }, 600_000);

  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('refuses bad arguments with the flag and the rule', () => {
    expect(parseSiteBuild(['tools.json'])).toMatchObject({
      exitCode: 2,
      stderr: expect.stringContaining('--out <dir> is required'),
    });
    expect(parseSiteBuild(['tools.json', '--out', 'site', '--base', 'docs'])).toMatchObject({
      exitCode: 2,
      stderr: expect.stringContaining('--base must be a path that starts and ends with "/"'),
    });
    expect(parseSiteBuild(['tools.json', '--out', 'site', '--site-url', 'ftp://x'])).toMatchObject({
      exitCode: 2,
      stderr: expect.stringContaining('--site-url must be an http or https address'),
    });
    expect(parseSiteBuild(['--out', 'site'])).toMatchObject({
      exitCode: 2,
      stderr: expect.stringContaining('at least one input'),
    });
  });

  it('stops at a refused definition, naming its pointer and rule, unless --allow-refused', async () => {
    const stopped = await runSiteBuild(request([refusing, '--out', join(work, 'refused')]), { validator, shell });
    expect(stopped.exitCode).toBe(1);
    expect(stopped.stderr).toMatch(
      /refused: .*more-tools\.json: refused broken_tool at \/tools\/1\/inputSchema\/type \(schema_not_object\)/,
    );
    expect(stopped.stderr).toContain('--allow-refused');
    expect(existsSync(join(work, 'refused'))).toBe(false);
  });

  it('writes a prerendered page for every tool, and lists the refused definition on its toolset', () => {
    expect(built.stderr).toContain('broken_tool');
    expect(built.exitCode).toBe(0);
    for (const name of corpusTools) {
      const page = readFileSync(join(out, 'tools', name, 'index.html'), 'utf8');
      expect(page).toContain(
        `data-route="{&quot;page&quot;:&quot;tool&quot;,&quot;toolset&quot;:&quot;server-filesystem&quot;,&quot;name&quot;:&quot;${name}&quot;}"`,
      );
      expect(page).toContain(`<title>${name}`);
      expect(page).toContain('Filesystem tools');
    }
    const catalog = readFileSync(join(out, 'toolsets', 'more-tools', 'index.html'), 'utf8');
    expect(catalog).toContain('broken_tool');
    expect(catalog).toContain('schema_not_object');
    expect(existsSync(join(out, 'toolsets', 'more-tools', 'tools', 'echo_text', 'index.html'))).toBe(true);
    expect(existsSync(join(out, '404.html'))).toBe(true);
  });

  it('writes the site below its base, with no trace of the shell’s placeholder', () => {
    const index = readFileSync(join(out, 'index.html'), 'utf8');
    expect(index).toContain('https://tools.example.com/docs/');
    expect(index).toMatch(/src="\/docs\/assets\/index-[\w-]+\.js"/);
    const texts = readdirSync(out, { recursive: true, withFileTypes: true }).filter(
      (entry) => entry.isFile() && /\.(html|js|css|txt|xml)$/.test(entry.name),
    );
    for (const entry of texts)
      expect(readFileSync(join(entry.parentPath, entry.name), 'utf8')).not.toContain('__tool_site_base__');
    expect(readFileSync(join(out, 'sitemap.xml'), 'utf8')).toContain(
      '<loc>https://tools.example.com/docs/tools/read_text_file/</loc>',
    );
  });

  it('names the site by its title in every page’s header and title, and links every page below its base', () => {
    const pages = readdirSync(out, { recursive: true, withFileTypes: true }).filter(
      (entry) => entry.isFile() && entry.name.endsWith('.html'),
    );
    const prerendered = pages.filter((entry) =>
      readFileSync(join(entry.parentPath, entry.name), 'utf8').includes('class="site-header"'),
    );
    expect(prerendered.length).toBeGreaterThan(corpusTools.length);
    for (const entry of prerendered) {
      const page = readFileSync(join(entry.parentPath, entry.name), 'utf8');
      expect(page).toContain('<span class="brand-name">Filesystem tools</span>');
      expect(page).toMatch(/<title>[^<]*Filesystem tools<\/title>/);
      expect(page).not.toContain('Tool Schema Playground');
    }
    expect(readFileSync(join(out, 'data', 'site-meta.js'), 'utf8')).toContain('"title":"Filesystem tools"');
    for (const entry of pages) {
      const page = readFileSync(join(entry.parentPath, entry.name), 'utf8');
      const rooted = [...page.matchAll(/\s(?:href|src|action)="(\/[^"]*)"/g)].map((match) => match[1]!);
      expect(
        rooted.filter((link) => !link.startsWith('/docs/')),
        join(entry.parentPath, entry.name),
      ).toEqual([]);
    }
  });

  it('gives a tool its earlier release from --history, for the versions section to compare', () => {
    const modules = readdirSync(join(out, 'data', 'page-tools'));
    const module = modules.find((file) => file.includes('read_text_file'));
    const text = readFileSync(join(out, 'data', 'page-tools', module!), 'utf8');
    expect(text).toContain('"version":"0.9.0"');
    expect(text).toContain('An earlier wording.');
    expect(
      modules
        .filter((file) => file !== module)
        .every((file) => !readFileSync(join(out, 'data', 'page-tools', file), 'utf8').includes('An earlier wording.')),
    ).toBe(true);
  });

  it('generates every validator as code importing only the site’s own runtime, and no page policy allows eval', () => {
    const validators = readdirSync(join(out, 'data', 'validators'));
    expect(validators).toHaveLength(corpusTools.length + 1);
    const imported = new Set<string>();
    for (const file of validators) {
      const code = readFileSync(join(out, 'data', 'validators', file), 'utf8');
      for (const [, specifier] of code.matchAll(/^import .* from '([^']+)';$/gm)) imported.add(specifier!);
      expect(code).not.toMatch(/^import .* from "/m);
    }
    // Each helper from a module of its own, and every one the validators name is in the prebuilt site.
    expect(imported.size).toBeGreaterThan(0);
    for (const specifier of imported) {
      expect(specifier).toMatch(/^\.\.\/validator-runtime\/[\w-]+\.js$/);
      expect(existsSync(join(out, 'data', 'validators', specifier)), specifier).toBe(true);
    }
    const headers = readFileSync(join(out, '_headers'), 'utf8');
    const pageRules = headers.split('\n\n').filter((rule) => /^\/docs\/(tools|toolsets)\/\*/.test(rule));
    expect(pageRules).toHaveLength(2);
    for (const rule of pageRules) expect(rule).not.toContain("'unsafe-eval'");
    expect(headers).toMatch(/^\/docs\/data\/\*\n {2}Access-Control-Allow-Origin: \*/m);
    expect(readFileSync(join(out, 'data', 'site-mocks.js'), 'utf8')).toContain('"list_allowed_directories"');
  });

  it('writes each mock as the runtime takes it: fixed JSON, or a function that answers in the sandbox', async () => {
    const { default: mocks } = (await import(pathToFileURL(join(out, 'data', 'site-mocks.js')).href)) as {
      default: Record<string, Record<string, MockSpec>>;
    };
    expect(mocks['server-filesystem']?.list_allowed_directories).toEqual({
      kind: 'json',
      value: { content: [{ type: 'text', text: 'Allowed directories:\n/projects' }] },
    });
    const spec = mocks['server-filesystem']?.get_file_info;
    expect(spec?.kind).toBe('function');
    const run = await runMockFunction((spec as { source: string }).source, { path: '/projects/a.txt' });
    expect(run).toMatchObject({ ok: true, value: { content: 'size of /projects/a.txt: 42' } });
  });

  it('marks each tool with neither code nor a mock in its page module, for its page and Execute to say so', () => {
    const moduleOf = (name: string) =>
      readFileSync(
        join(
          out,
          'data',
          'page-tools',
          readdirSync(join(out, 'data', 'page-tools')).find((file) => file.endsWith(`-${name}.js`))!,
        ),
        'utf8',
      );
    expect(moduleOf('read_text_file')).toContain('"noCode":true');
    expect(moduleOf('list_allowed_directories')).not.toContain('noCode');
    expect(moduleOf('get_file_info')).not.toContain('noCode');
  });

  it('writes llms.txt listing every tool, and a Markdown twin per tool page', () => {
    const llms = readFileSync(join(out, 'llms.txt'), 'utf8');
    expect(llms.startsWith('# Filesystem tools')).toBe(true);
    for (const name of corpusTools) {
      expect(llms).toContain(`[${name}](https://tools.example.com/docs/tools/${name}/index.md)`);
      expect(readFileSync(join(out, 'tools', name, 'index.md'), 'utf8')).toContain(`# \`${name}\``);
    }
    expect(llms).toContain('[echo_text](https://tools.example.com/docs/toolsets/more-tools/tools/echo_text/index.md)');
  });

  it('refuses to write into a folder of other files', async () => {
    const other = join(work, 'other');
    rmSync(other, { recursive: true, force: true });
    writeFileSync(join(work, 'keep.txt'), 'mine');
    const result = await runSiteBuild(request([refusing, '--allow-refused', '--out', work]), { validator, shell });
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain('no site build wrote');
    expect(readFileSync(join(work, 'keep.txt'), 'utf8')).toBe('mine');
  });
});
