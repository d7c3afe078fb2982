/**
 * DependencyMap: what a project depends on — packages declared in package.json, *.csproj and
 * requirements.txt — and, when asked, which of its own files import which (relative imports of
 * JavaScript/TypeScript and Python, resolved to files that exist).
 */
import type { ToolImplementation } from '../../../runtime/types';
import { booleanArg, fail, quote, stringArg, succeed } from '../../support/handler';
import { validatePath } from '../path-validator';
import { walkFiles } from '../search/files';

interface PackageDependency {
  manifest: string;
  name: string;
  version: string;
  kind: string;
}

const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.js', '.jsx', '.mjs', '.cjs'];
const IMPORT_PATTERN =
  /(?:import\s[^'"]*?from\s*|import\s*\(?\s*|require\s*\(\s*|export\s[^'"]*?from\s*)['"](\.{1,2}\/[^'"]*)['"]/g;
const PYTHON_IMPORT = /^\s*from\s+(\.+)([\w.]*)\s+import\s/gm;
const MAX_SOURCE_BYTES = 512 * 1024;

function normalise(path: string): string {
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.' && part !== '') parts.push(part);
  }
  return parts.join('/');
}

function packagesOf(manifest: string, text: string): PackageDependency[] {
  const found: PackageDependency[] = [];
  if (manifest.endsWith('package.json')) {
    let parsed: Record<string, unknown>;
    try {
      parsed = JSON.parse(text) as Record<string, unknown>;
    } catch {
      return [{ manifest, name: '(unreadable package.json)', version: '', kind: 'error' }];
    }
    for (const kind of ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies']) {
      const entries = parsed[kind];
      if (entries && typeof entries === 'object')
        for (const [name, version] of Object.entries(entries))
          found.push({ manifest, name, version: String(version), kind });
    }
  } else if (manifest.endsWith('.csproj')) {
    for (const match of text.matchAll(/<PackageReference\s+Include="([^"]+)"(?:\s+Version="([^"]*)")?/g))
      found.push({ manifest, name: match[1]!, version: match[2] ?? '', kind: 'PackageReference' });
    for (const match of text.matchAll(/<ProjectReference\s+Include="([^"]+)"/g))
      found.push({ manifest, name: match[1]!.replace(/\\/g, '/'), version: '', kind: 'ProjectReference' });
  } else if (manifest.endsWith('requirements.txt')) {
    for (const line of text.split('\n')) {
      const match = /^\s*([A-Za-z0-9_.-]+)\s*([<>=!~].*)?$/.exec(line.replace(/#.*/, ''));
      if (match) found.push({ manifest, name: match[1]!, version: (match[2] ?? '').trim(), kind: 'requirement' });
    }
  }
  return found;
}

export const tool: ToolImplementation = {
  name: 'DependencyMap',

  summarize: (args) => `Map the dependencies of '${quote(stringArg(args, 'directory', '.'))}'`,

  async run(args, context) {
    const includeInternal = booleanArg(args, 'includeInternal', true);
    const resolved = await validatePath(context.workspace, stringArg(args, 'directory', '.') || '.', {
      parameter: 'directory',
      mustExist: true,
    });
    if (!resolved.ok) return resolved.outcome;
    const { fs } = context.workspace;
    if (!(await fs.stat(resolved.absolute)).isDirectory)
      return fail('not_a_directory', `Parameter 'directory': '${resolved.relative}' is a file, not a directory`);
    const base = resolved.relative === '.' ? '' : `${resolved.relative}/`;
    const files = (await walkFiles(fs, resolved.absolute, context.signal)).filter(
      (file) => !file.relative.split('/').includes('node_modules'),
    );
    const paths = new Set(files.map((file) => `${base}${file.relative}`));

    const packages: PackageDependency[] = [];
    const internal: Record<string, string[]> = {};
    for (const file of files) {
      const path = `${base}${file.relative}`;
      const name = path.slice(path.lastIndexOf('/') + 1);
      const isManifest = name === 'package.json' || name.endsWith('.csproj') || name === 'requirements.txt';
      const isSource = SOURCE_EXTENSIONS.some((extension) => name.endsWith(extension)) || name.endsWith('.py');
      if (!isManifest && !(includeInternal && isSource)) continue;
      const bytes = await fs.readFileBuffer(file.absolute);
      if (bytes.length > MAX_SOURCE_BYTES) continue;
      const text = new TextDecoder().decode(bytes);
      if (isManifest) {
        packages.push(...packagesOf(path, text));
        continue;
      }
      const directory = path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '';
      const targets = new Set<string>();
      if (name.endsWith('.py')) {
        for (const match of text.matchAll(PYTHON_IMPORT)) {
          let folder = directory;
          for (let level = 1; level < match[1]!.length; level += 1)
            folder = folder.includes('/') ? folder.slice(0, folder.lastIndexOf('/')) : '';
          const module = match[2]!.replace(/\./g, '/');
          const candidate = normalise(`${folder}/${module}`);
          for (const option of [`${candidate}.py`, `${candidate}/__init__.py`])
            if (paths.has(option)) targets.add(option);
        }
      } else {
        for (const match of text.matchAll(IMPORT_PATTERN)) {
          const candidate = normalise(`${directory}/${match[1]!}`);
          const options = [
            candidate,
            ...SOURCE_EXTENSIONS.map((extension) => `${candidate}${extension}`),
            ...SOURCE_EXTENSIONS.map((extension) => `${candidate}/index${extension}`),
            candidate.replace(/\.js$/, '.ts'),
          ];
          const hit = options.find((option) => paths.has(option));
          if (hit) targets.add(hit);
        }
      }
      if (targets.size > 0) internal[path] = [...targets].sort();
    }
    const map = { directory: resolved.relative, packages, ...(includeInternal ? { internal } : {}) };
    const edges = Object.values(internal).reduce((sum, targets) => sum + targets.length, 0);
    return succeed(
      {
        kind: 'output',
        text: JSON.stringify(map, null, 2),
        language: 'json',
        facts: [
          { label: 'Packages', value: String(packages.length) },
          ...(includeInternal
            ? [{ label: 'Internal imports', value: `${edges} in ${Object.keys(internal).length} files` }]
            : []),
        ],
      },
      `${packages.length} declared package dependencies${includeInternal ? `, ${edges} imports between ${Object.keys(internal).length} of the project's own files` : ''}`,
    );
  },
};
