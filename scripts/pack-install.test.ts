/**
 * The package as a user gets it: `npm pack` (its prepack builds the CLI, the calls module and its
 * declarations) on a copy of the project, the tarball installed into an empty folder outside the checkout,
 * and the CLI and the calls module used there. The copy keeps the checkout's own generated files untouched
 * while other tests read them. Dependencies come from the npm cache (--prefer-offline).
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMcpTestServer, type McpTestServer } from '../e2e/servers/mcp-test-server';

const projectRoot = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);
const everything = require.resolve('@modelcontextprotocol/server-everything/dist/index.js');
const tsc = require.resolve('typescript/bin/tsc');
const FIXTURES = join(projectRoot, 'src', 'core', 'evals', 'fixtures');

interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command to its end without blocking this process (the MCP test server answers from it meanwhile). */
const run = (command: string, args: string[], cwd: string, input?: string): Promise<Outcome> =>
  new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, NO_COLOR: '1' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input ?? '');
  });

interface Packed {
  filename: string;
  size: number;
  unpackedSize: number;
  entryCount: number;
  files: { path: string }[];
}

describe('the packed package, installed into an empty folder', () => {
  let work: string;
  let user: string;
  let packed: Packed;
  let server: McpTestServer | undefined;
  const cli = (args: string[], input?: string) => run('npx', ['--no-install', 'tool-schemas', ...args], user, input);

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'pack-install-'));
    const source = join(work, 'source');
    // What the prepack needs to build from: the sources, the schemas, the scripts; nothing generated.
    // The app's build inputs too: the prepack builds the prebuilt site of `site build` (scripts/build-site-shell.ts), with the guide it serves.
    for (const entry of [
      'package.json',
      'package-lock.json',
      'tsconfig.json',
      'README.md',
      'bin',
      'schemas',
      'scripts',
      'src',
      'vite.config.ts',
      'index.html',
      'embed.html',
      'public',
      'netlify.toml',
      'docs',
    ]) {
      cpSync(join(projectRoot, entry), join(source, entry), {
        recursive: true,
        filter: (path) => !relative(projectRoot, path).split('\\').join('/').startsWith('src/generated'),
      });
    }
    symlinkSync(join(projectRoot, 'node_modules'), join(source, 'node_modules'), 'dir');
    const pack = await run('npm', ['pack', '--json', '--pack-destination', work], source);
    if (pack.code !== 0) throw new Error(`npm pack failed (${pack.code}):\n${pack.stderr}`);
    packed = (JSON.parse(pack.stdout) as Packed[])[0]!;
    user = join(work, 'user');
    mkdirSync(user);
    writeFileSync(
      join(user, 'package.json'),
      `${JSON.stringify({ name: 'a-user-project', private: true, type: 'module' })}\n`,
    );
    const install = await run(
      'npm',
      ['install', '--no-audit', '--no-fund', '--prefer-offline', join(work, packed.filename)],
      user,
    );
    if (install.code !== 0) throw new Error(`npm install of the tarball failed (${install.code}):\n${install.stderr}`);
  }, 900_000);

  afterAll(async () => {
    await server?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  }, 60_000);

  it('carries the built CLI, the schemas and the calls module, and no sources, tests or end-to-end fixtures', () => {
    const paths = packed.files.map((file) => file.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'package.json',
        'bin/tool-schemas.js',
        'bin/prebuilt.js',
        'src/generated/tool-schemas-cli.mjs',
        'src/generated/tool-schemas-cli.inputs.json',
        'src/generated/bundle.json',
        'src/generated/calls.mjs',
        'src/generated/calls-types/core/calls/package.d.ts',
        'schemas/meta/tool-definition.schema.json',
        'schemas/acode/file_operations/read_file.json',
        'src/generated/site-shell/server/ssr.js',
        'src/generated/site-shell/client/index.html',
        'src/generated/site-shell/client/data/validator-runtime/ucs2length.js',
        'src/generated/site-shell/netlify.toml',
      ]),
    );
    const unwanted = paths.filter((path) =>
      /\.test\.|^e2e\/|^scripts\/|\/fixtures\/|^src\/(?!generated\/)|(?<!\.d)\.tsx?$/.test(path),
    );
    expect(unwanted).toEqual([]);
    // The entry's chunks come along (the mcp and eval commands load them).
    expect(paths.filter((path) => /^src\/generated\/tool-schemas-cli-\w+\.mjs$/.test(path)).length).toBeGreaterThan(1);
    const manifest = JSON.parse(
      readFileSync(join(user, 'node_modules', 'tool-schema-playground', 'package.json'), 'utf8'),
    ) as { private?: boolean };
    expect(manifest.private).toBeUndefined();
    // Installed without its sources, the bin runs the build (bin/prebuilt.js).
    expect(existsSync(join(user, 'node_modules', 'tool-schema-playground', 'src', 'cli'))).toBe(false);
  });

  it('npx tool-schemas --help', async () => {
    const help = await cli(['--help']);
    expect(help.stderr).toBe('');
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: tool-schemas <command> \[options\]/);
    expect(help.stdout).toContain('mcp list|lint|call|pin|verify|bridge <target>');
    expect(help.stdout).toContain('emulator [--port <n>] [--scenario <name>]');
  }, 30_000);

  it('emulator serves a provider on loopback from the installed package and stops on Ctrl-C', async () => {
    const child = spawn(process.execPath, [join(user, 'node_modules', '.bin', 'tool-schemas'), 'emulator'], {
      cwd: user,
      env: { ...process.env, NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    let output = '';
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        output += chunk;
        const found = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
        if (found) resolve(found);
      });
      child.once('exit', (code) => reject(new Error(`emulator exited (${code}): ${output}`)));
    });
    const models = (await (
      await fetch(`${url}/v1/models`, { headers: { authorization: 'Bearer emulated' } })
    ).json()) as { data: { id: string }[] };
    expect(models.data.map((model) => model.id)).toEqual(['emulated-large', 'emulated-small']);
    child.kill('SIGINT');
    expect(await exited).toBe(0);
  });

  it('validate: a valid call exits 0, an invalid one 1 with the rule and the fix', async () => {
    const valid = await cli(['validate', 'read_file'], '{"path": "notes.txt"}');
    expect(valid).toEqual({ code: 0, stdout: '✓ Valid: Arguments conform to read_file schema\n', stderr: '' });
    const invalid = await cli(['validate', 'read_file'], '{"file": "notes.txt"}');
    expect(invalid.code).toBe(1);
    expect(invalid.stdout).toContain("- path: Missing required property 'path' [required]");
    expect(invalid.stdout).toContain("Did you mean 'path'?");
  }, 30_000);

  it('lint audits the bundled tools, and --strict fails on an error', async () => {
    const lint = await cli(['lint', '--json']);
    // Error-level findings fail the run, as ESLint does.
    expect(lint.code).toBe(1);
    const report = JSON.parse(lint.stdout) as {
      byTool: Record<string, unknown[]>;
      summary: { tools: number; errors: number };
    };
    expect(Object.keys(report.byTool)).toContain('read_file');
    expect(report.summary.tools).toBe(17);
    expect(report.summary.errors).toBeGreaterThan(0);
    const strict = await cli(['lint', '--strict']);
    expect(strict.stdout).toMatch(
      /Summary: 17 tools audited, \d+ findings(?: \(\d+ across tools\))?: [1-9]\d* errors?/,
    );
    expect(strict.code).toBe(1);
  }, 30_000);

  it('mcp list reads a server over Streamable HTTP on loopback and one over stdio', async () => {
    server = await startMcpTestServer();
    const http = await cli(['mcp', 'list', server.url]);
    expect(http.stderr).toBe('');
    expect(http.code).toBe(0);
    expect(http.stdout).toMatch(/\badd +/);
    expect(http.stdout).toContain('Echoes a short message in a chosen style');
    const stdio = await cli(['mcp', 'list', '--', process.execPath, everything, 'stdio']);
    expect(stdio.code).toBe(0);
    expect(stdio.stdout).toMatch(
      /mcp-servers\/everything .*\(stdio, legacy era, protocol [\d-]+\): (\d+) of \1 tools usable/,
    );
    expect(stdio.stdout).toContain('get-sum');
  }, 60_000);

  it('eval scores logged runs against a suite and gates on the pass rate', async () => {
    for (const file of ['weather-suite.yaml', 'weather-results.jsonl', 'tools.json'])
      cpSync(join(FIXTURES, file), join(user, file));
    const below = await cli([
      'eval',
      'weather-suite.yaml',
      '--results',
      'weather-results.jsonl',
      '--toolset',
      'tools.json',
    ]);
    expect(below.code).toBe(1);
    expect(below.stdout).toContain("Suite 'Weather assistant': 4 case results, 10 runs");
    expect(below.stdout).toContain('model-a @ 1.0.0: passed 4/10 = 40.0%');
    const at = await cli([
      'eval',
      'weather-suite.yaml',
      '--results',
      'weather-results.jsonl',
      '--toolset',
      'tools.json',
      '--fail-under',
      '0.4',
    ]);
    expect(at.code).toBe(0);
  }, 30_000);

  it("the calls module imports, checks a stream and has declarations for Node's module resolution", async () => {
    const script = [
      "import { checkCallStream, createCompilingValidator, toolsets } from 'tool-schema-playground/calls';",
      'async function* lines() {',
      '  yield \'{"tool": "read_file", "arguments": {"file": "a.txt"}}\';',
      '  yield \'{"tool": "read_file", "arguments": {"path": "a.txt"}}\';',
      '}',
      "const tools = toolsets.find((toolset) => toolset.manifest.id === 'acode-core').tools;",
      'const check = checkCallStream(lines(), tools, { validator: createCompilingValidator() });',
      'for await (const result of check.results) console.log(result.status);',
      'console.log(JSON.stringify(check.summary().fixes));',
    ].join('\n');
    writeFileSync(join(user, 'check.mjs'), `${script}\n`);
    const ran = await run(process.execPath, ['check.mjs'], user);
    expect(ran.stderr).toBe('');
    expect(ran.stdout).toBe('invalid\nvalid\n[{"tool":"read_file","from":"file","to":"path","count":1}]\n');

    const typed = [
      "import { checkCallStream, createCompilingValidator, toolsets, type CallResult } from 'tool-schema-playground/calls';",
      'const check = checkCallStream((async function* () { yield "{}"; })(), toolsets[0]!.tools, { validator: createCompilingValidator() });',
      'export const fixes: { tool: string; from: string; to: string; count: number }[] = check.summary().fixes;',
      'export const first: AsyncIterable<CallResult> = check.results;',
      '// @ts-expect-error a toolset is a bundle, not a string',
      'export const wrong: string = toolsets[0];',
    ].join('\n');
    writeFileSync(join(user, 'check.ts'), `${typed}\n`);
    const compiled = await run(
      process.execPath,
      [
        tsc,
        '--noEmit',
        '--strict',
        '--skipLibCheck',
        '--module',
        'nodenext',
        '--moduleResolution',
        'nodenext',
        '--target',
        'es2022',
        '--lib',
        'es2023',
        'check.ts',
      ],
      user,
    );
    expect(compiled.stdout + compiled.stderr).toBe('');
    expect(compiled.code).toBe(0);
  }, 60_000);

  it("site build writes a site of a real MCP server's tools with no devDependency installed", async () => {
    expect(existsSync(join(user, 'node_modules', 'vite'))).toBe(false);
    expect(existsSync(join(user, 'node_modules', 'react'))).toBe(false);
    cpSync(
      join(projectRoot, 'src', 'core', 'audit', 'corpus', 'server-filesystem.json'),
      join(user, 'server-filesystem.json'),
    );
    const built = await cli([
      'site',
      'build',
      'server-filesystem.json',
      '--out',
      'site',
      '--site-url',
      'https://tools.example.com/',
    ]);
    expect(built.stderr).toBe('');
    expect(built.code).toBe(0);
    expect(built.stdout).toMatch(/^Wrote \d+ pages for 14 tools in 1 toolset to /);
    const tools = (
      JSON.parse(readFileSync(join(user, 'server-filesystem.json'), 'utf8')) as { tools: { name: string }[] }
    ).tools;
    const llms = readFileSync(join(user, 'site', 'llms.txt'), 'utf8');
    for (const { name } of tools) {
      const page = readFileSync(join(user, 'site', 'tools', name, 'index.html'), 'utf8');
      expect(page).toContain(`<title>${name}`);
      // Only the page's critical CSS inline (jsdom, a dependency, finds it): each stylesheet whole once it is painted.
      expect(page).toMatch(/<link rel="stylesheet" disabled data-after-paint href="\/assets\/[\w.-]+\.css">/);
      expect(page).not.toMatch(/<link rel="stylesheet" disabled href=/);
      expect(llms).toContain(`(https://tools.example.com/tools/${name}/index.md)`);
    }
    for (const file of [
      '404.html',
      'sitemap.xml',
      '_headers',
      'llms-full.txt',
      'data/bundle.js',
      'data/validator-loaders.js',
    ])
      expect(existsSync(join(user, 'site', file))).toBe(true);
  }, 300_000);
});
