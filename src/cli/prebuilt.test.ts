import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
// @ts-expect-error a plain JavaScript module next to the bin, without types
import { prebuiltCli } from '../../bin/prebuilt.js';

describe('prebuiltCli: the build runs only while it is newer than every input', () => {
  let root: string;
  const at = (path: string, seconds: number) => utimesSync(join(root, path), seconds, seconds);
  const write = (path: string, text: string) => writeFileSync(join(root, path), text);
  const pick = () => prebuiltCli(pathToFileURL(`${root}/`)) as URL | null;

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'prebuilt-'));
    mkdirSync(join(root, 'src', 'generated'), { recursive: true });
    mkdirSync(join(root, 'src', 'cli'), { recursive: true });
    write('src/cli/main.ts', '');
    write('src/cli/run.ts', '');
    write('src/generated/tool-schemas-cli.mjs', '');
    write(
      'src/generated/tool-schemas-cli.inputs.json',
      JSON.stringify({ output: 'src/generated/tool-schemas-cli.mjs', inputs: ['src/cli/main.ts', 'src/cli/run.ts'] }),
    );
    at('src/cli/main.ts', 1_000);
    at('src/cli/run.ts', 1_000);
    at('src/generated/tool-schemas-cli.mjs', 2_000);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('picks the build when it is current', () => {
    expect(pick()?.href).toBe(pathToFileURL(join(root, 'src/generated/tool-schemas-cli.mjs')).href);
  });
  it('not when a source was edited after the build', () => {
    at('src/cli/main.ts', 3_000);
    expect(pick()).toBeNull();
  });
  it('not when a source it lists is gone, the list is missing or empty, or there is no build', () => {
    rmSync(join(root, 'src/cli/run.ts'));
    expect(pick()).toBeNull();
    write(
      'src/generated/tool-schemas-cli.inputs.json',
      JSON.stringify({ output: 'src/generated/tool-schemas-cli.mjs', inputs: [] }),
    );
    expect(pick()).toBeNull();
    rmSync(join(root, 'src/generated/tool-schemas-cli.inputs.json'));
    expect(pick()).toBeNull();
  });
  it('an installed package, which carries the build without the sources, runs the build', () => {
    // npm gives every file of a tarball the same time, and the inputs the manifest lists are not shipped.
    rmSync(join(root, 'src/cli'), { recursive: true });
    expect(pick()?.href).toBe(pathToFileURL(join(root, 'src/generated/tool-schemas-cli.mjs')).href);
    rmSync(join(root, 'src/generated/tool-schemas-cli.mjs'));
    expect(pick()).toBeNull();
  });
});
