/**
 * A built site's two indexes over its tools' modules, in the forms a tool page loads cheaply. Every tool page loads
 * `data/page-toolsets.js` before its editor is ready (the header, the navigation and the route read the toolsets'
 * tool names at once), and the page's validators look a schema up in `data/validator-loaders.js`. Written as the
 * project's bundle writes them (a loader and a hash per tool), the two measure 16.4 and 19.6 KB gzip on every tool
 * page of a 1,000-tool site; as written here, 5.8 KB and 152 bytes:
 *
 * - `page-toolsets.js` holds each toolset's manifest and its tools' names alone; each tool's module file is derived
 *   from the tool's position, as pageDataFiles names it.
 * - `validator-loaders.js` starts empty: each tool's module adds its own schema's entry when the page loads it, which
 *   the page does before it checks anything against that tool's schema (bundledTools.ts gives a tool's definition
 *   only from its module). The tool page so loads its own validator's entry and no other.
 */
import type { ToolsetCollection } from '../../../core/toolset/collection';
import { UNSAFE_IN_FILE_NAME } from '../../../core/toolset/page-data';
import type { StandaloneValidatorFiles } from '../../../core/validation/standalone';

const HEADER = '// Written by tool-schemas site build: do not edit.\n';

/**
 * A category's tool names as positions in its toolset's names: each run of consecutive tools as `[from, to)`, a name
 * the toolset does not have as itself. A manifest lists its tools again in its categories (an imported toolset's
 * one category lists them all): written out, the 1,000 names cost 300 bytes gzip more.
 */
export function categoryRuns(tools: readonly string[], names: readonly string[]): (string | [number, number])[] {
  const positions = new Map(names.map((name, position) => [name, position]));
  const runs: (string | [number, number])[] = [];
  for (const name of tools) {
    const position = positions.get(name);
    const last = runs.at(-1);
    if (position === undefined) runs.push(name);
    else if (Array.isArray(last) && last[1] === position) last[1] = position + 1;
    else runs.push([position, position + 1]);
  }
  return runs;
}

/**
 * `data/page-toolsets.js`: `bundledToolsets` as bundledTools.ts reads it (each toolset's manifest, and a loader of
 * `page-tools/<position>-<name>.js` by tool name), made in the page from the manifests and the names.
 */
export function pageToolsetsModule(collection: ToolsetCollection): string {
  const toolsets = collection.toolsets.map((toolset) => {
    const names = toolset.tools.map((tool) => tool.name);
    const categories = toolset.manifest.categories.map((category) => ({
      ...category,
      tools: categoryRuns(category.tools, names),
    }));
    return [{ ...toolset.manifest, categories }, names];
  });
  // pageDataFiles's file name (toolModuleName), in the page.
  const fileName = `\`\${position}-\${name.replace(${String(UNSAFE_IN_FILE_NAME)}, '_')}\``;
  return `${HEADER}const toolsets = ${JSON.stringify(toolsets)};
let position = 0;
const loader = (file) => () => import(\`./page-tools/\${file}.js\`).then((module) => module.default);
const namesOf = (runs, names) => runs.flatMap((run) => (typeof run === 'string' ? [run] : names.slice(run[0], run[1])));
export const bundledToolsets = toolsets.map(([manifest, names]) => ({
  manifest: { ...manifest, categories: manifest.categories.map((category) => ({ ...category, tools: namesOf(category.tools, names) })) },
  tools: Object.fromEntries(names.map((name) => { const file = ${fileName}; position += 1; return [name, loader(file)]; })),
}));
`;
}

/** `data/validator-loaders.js`: the entries the page's tool modules add (toolModuleWithValidator). */
export const VALIDATOR_LOADERS_MODULE = `${HEADER}// Each tool's module (page-tools/) adds its own schema's entry when the page loads it.
export const validatorLoaders = {};
`;

/**
 * A tool's module under `data/page-tools/`: its definition (`module`, pageDataFiles's), and the entry of its schema's
 * validator (`index[$id]`, standaloneValidatorFiles's) added to `validator-loaders.js` as it loads. Two tools of one
 * `$id` both add the one generated for the first; the hash tells the page whether it is this schema's.
 */
export function toolModuleWithValidator(
  module: { tool: { inputSchema: { $id?: unknown } } },
  index: StandaloneValidatorFiles['index'],
): string {
  const id = module.tool.inputSchema.$id;
  const entry = typeof id === 'string' && Object.hasOwn(index, id) ? index[id] : undefined;
  const body = `export default ${JSON.stringify(module)};\n`;
  if (!entry) return body;
  return `import { validatorLoaders } from '../validator-loaders.js';
validatorLoaders[${JSON.stringify(id)}] = { hash: ${JSON.stringify(entry.hash)}, load: () => import(${JSON.stringify(`../validators/${entry.file}`)}).then((module) => module.validatorFor) };
${body}`;
}
