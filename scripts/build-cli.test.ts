import { spawnSync } from 'node:child_process';
import { cpSync, statSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCli, CLI_BUILD_FILE, CLI_INPUTS_FILE, type CliBuild } from './build-cli';

const projectRoot = fileURLToPath(new URL('..', import.meta.url));

describe('buildCli', () => {
  let outputRoot: string;
  let built: CliBuild;

  beforeAll(async () => {
    // A scratch root with the schemas where the built file looks for them (../../schemas/).
    outputRoot = mkdtempSync(join(tmpdir(), 'cli-build-'));
    cpSync(join(projectRoot, 'schemas'), join(outputRoot, 'schemas'), { recursive: true });
    built = await buildCli(projectRoot, outputRoot);
  }, 60_000);
  afterAll(() => rmSync(outputRoot, { recursive: true, force: true }));

  it('writes the entry, its chunks and the list of project files it came from', () => {
    expect(built.file).toBe(join(outputRoot, CLI_BUILD_FILE));
    // The entry and the chunks it imports at start (shared with the commands loaded later) hold the whole CLI's core.
    const entry = readFileSync(built.file, 'utf8');
    const atStart = [...entry.matchAll(/from\s*"\.\/(tool-schemas-cli-\w+\.mjs)"/g)].map((match) => match[1]!);
    expect(atStart.length).toBeGreaterThan(0);
    const startBytes =
      built.bytes + atStart.reduce((sum, name) => sum + statSync(join(outputRoot, 'src', 'generated', name)).size, 0);
    expect(startBytes).toBeGreaterThan(10_000);
    // What only `mcp` loads (the MCP client, which asks server/discover, and what it brings) is a chunk of its own,
    // not parsed at every start.
    const generated = join(outputRoot, 'src', 'generated');
    const chunks = readdirSync(generated).filter((name) => /^tool-schemas-cli-\w+\.mjs$/.test(name));
    expect(chunks.length).toBeGreaterThan(1);
    expect(readFileSync(built.file, 'utf8')).not.toMatch(/server\/discover/);
    expect(chunks.some((name) => /server\/discover/.test(readFileSync(join(generated, name), 'utf8')))).toBe(true);
    const manifest = JSON.parse(readFileSync(join(outputRoot, CLI_INPUTS_FILE), 'utf8')) as {
      output: string;
      inputs: string[];
    };
    expect(manifest.output).toBe(CLI_BUILD_FILE);
    expect(manifest.inputs).toEqual(built.inputs);
    expect(manifest.inputs).toEqual(
      expect.arrayContaining(['src/cli/main.ts', 'src/core/validation/validator.ts', 'package-lock.json']),
    );
    expect(manifest.inputs.some((input) => input.includes('node_modules'))).toBe(false);
    // The CLI loads the toolset at run time (the bundle, or the schema files on a fresh clone); it must not embed it.
    expect(manifest.inputs).not.toContain('src/generated/bundle.json');
  });

  it('runs under plain node, without tsx, and answers like the sources', () => {
    const list = spawnSync(process.execPath, [built.file, 'list', '--count'], { encoding: 'utf8' });
    expect(list.stderr).toBe('');
    expect(list.stdout).toBe('17\n');
    const validate = spawnSync(process.execPath, [built.file, 'validate', 'read_file'], {
      input: '{"path": "test.txt"}',
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });
    expect(validate.stdout).toBe('✓ Valid: Arguments conform to read_file schema\n');
    expect(validate.status).toBe(0);
    // A command whose code is in a chunk loads it.
    const mcp = spawnSync(process.execPath, [built.file, 'mcp'], {
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });
    expect(mcp.stdout + mcp.stderr).toContain('Usage: tool-schemas mcp <subcommand>');
  }, 30_000);

  it('leaves no chunk of an earlier build behind', async () => {
    const generated = join(outputRoot, 'src', 'generated');
    const stale = join(generated, 'tool-schemas-cli-STALE000.mjs');
    writeFileSync(stale, 'export {};');
    await buildCli(projectRoot, outputRoot);
    expect(existsSync(stale)).toBe(false);
    const again = spawnSync(process.execPath, [built.file, 'mcp'], { encoding: 'utf8' });
    expect(again.stdout + again.stderr).toContain('Usage: tool-schemas mcp <subcommand>');
  }, 60_000);
});
