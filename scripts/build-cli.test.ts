import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
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

  it('writes one JavaScript file and the list of project files it came from', () => {
    expect(built.file).toBe(join(outputRoot, CLI_BUILD_FILE));
    expect(built.bytes).toBeGreaterThan(10_000);
    const manifest = JSON.parse(readFileSync(join(outputRoot, CLI_INPUTS_FILE), 'utf8')) as { output: string; inputs: string[] };
    expect(manifest.output).toBe(CLI_BUILD_FILE);
    expect(manifest.inputs).toEqual(built.inputs);
    expect(manifest.inputs).toEqual(expect.arrayContaining(['src/cli/main.ts', 'src/core/validation/validator.ts', 'package-lock.json']));
    expect(manifest.inputs.some((input) => input.includes('node_modules'))).toBe(false);
    // The CLI loads the toolset at run time (the bundle, or the schema files on a fresh clone); it must not embed it.
    expect(manifest.inputs).not.toContain('src/generated/bundle.json');
  });

  it('runs under plain node, without tsx, and answers like the sources', () => {
    const list = spawnSync(process.execPath, [built.file, 'list', '--count'], { encoding: 'utf8' });
    expect(list.stderr).toBe('');
    expect(list.stdout).toBe('17\n');
    const validate = spawnSync(process.execPath, [built.file, 'validate', 'read_file'], { input: '{"path": "test.txt"}', encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    expect(validate.stdout).toBe('✓ Valid: Arguments conform to read_file schema\n');
    expect(validate.status).toBe(0);
  }, 30_000);
});
