import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCompilingValidator } from '../core/validation/compile';
import { defaultToolset } from '../core/toolset/collection';
import type { Validator } from '../core/validation/validator';
import { loadCliCollection, type CliBundleLocations } from './bundle.node';

const validator = createCompilingValidator();

const SCHEMAS = fileURLToPath(new URL('../../schemas/', import.meta.url));

/** The toolset a command given no `--toolset` reads. */
const loadCliBundle = async (locations: CliBundleLocations, validator: Validator) => {
  const collection = await loadCliCollection(locations, validator);
  return 'error' in collection ? collection : defaultToolset(collection);
};

describe('loadCliCollection', () => {
  let root: string;
  let locations: CliBundleLocations;
  const readFile = join('acode', 'file_operations', 'read_file.json');
  const setTime = (path: string, seconds: number) => utimesSync(path, seconds, seconds);

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'cli-bundle-'));
    cpSync(SCHEMAS, join(root, 'schemas'), { recursive: true });
    locations = { bundleFile: join(root, 'bundle.json'), schemasDirectory: join(root, 'schemas') };
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('loads the schema files when there is no built bundle (a fresh clone)', async () => {
    const bundle = await loadCliBundle(locations, validator);
    expect('tools' in bundle && bundle.tools.map((tool) => tool.name)).toContain('confirm_action');
    expect('tools' in bundle && bundle.tools).toHaveLength(17);
  });

  it('uses the built bundle while it is newer than every schema file, and the schemas once one is edited', async () => {
    const marker = {
      toolsets: [
        {
          manifest: { id: 'built', name: 'Built', version: '1.0.0', description: 'the built file', categories: [] },
          tools: [],
        },
      ],
    };
    writeFileSync(locations.bundleFile, JSON.stringify(marker));
    for (const entry of readdirSync(locations.schemasDirectory, { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) setTime(join(entry.parentPath, entry.name), 1_000);
    }
    setTime(locations.bundleFile, 2_000);
    expect(await loadCliCollection(locations, validator)).toEqual(marker);
    expect(await loadCliBundle(locations, validator)).toEqual(marker.toolsets[0]);

    setTime(join(locations.schemasDirectory, readFile), 3_000);
    const reloaded = await loadCliBundle(locations, validator);
    expect('manifest' in reloaded && reloaded.manifest.id).toBe('acode-core');
  });

  it('loads every toolset folder under schemas/, the default toolset first', async () => {
    const extra = join(locations.schemasDirectory, 'zeta');
    cpSync(join(locations.schemasDirectory, 'acode'), extra, { recursive: true });
    const manifestFile = join(extra, 'toolset.json');
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { id: string; name: string };
    writeFileSync(manifestFile, JSON.stringify({ ...manifest, id: 'acode-copy', name: 'A copy' }));
    const collection = await loadCliCollection(locations, validator);
    expect('toolsets' in collection && collection.toolsets.map((toolset) => toolset.manifest.id)).toEqual([
      'acode-core',
      'acode-copy',
      'prfactory-agent-tools',
    ]);
  });

  it('refuses two toolsets with the same id, naming the id', async () => {
    cpSync(join(locations.schemasDirectory, 'acode'), join(locations.schemasDirectory, 'twin'), { recursive: true });
    const collection = await loadCliCollection(locations, validator);
    expect('error' in collection && collection.error).toMatch(/Two toolsets have the id 'acode-core'/);
  });

  it('reports a malformed schema file with its path, the place and the broken rule', async () => {
    const file = join(locations.schemasDirectory, readFile);
    const definition = JSON.parse(readFileSync(file, 'utf8')) as {
      inputSchema: { properties: { start_line: Record<string, unknown> } };
    };
    definition.inputSchema.properties.start_line.type = 'int';
    writeFileSync(file, JSON.stringify(definition));
    const result = await loadCliBundle(locations, validator);
    expect('error' in result && result.error).toMatch(
      /read_file\.json: \/inputSchema\/properties\/start_line\/type: must be one of: "string", "integer"/,
    );
  });
});
