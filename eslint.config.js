// The layer lint: imports point down the layers of ARCHITECTURE (README "Architecture"), never up,
// and never in a circle. Only a few correctness rules beside it; style is not linted here.
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

const FEATURES = ['catalog', 'check-calls', 'connect', 'embed', 'evals', 'evolution', 'execution', 'import', 'models', 'playground', 'tool-docs'];

/**
 * Page-composition files: a page that places another feature's view on it (as a route would).
 * Each entry names the file, the features it may compose, and why.
 */
const PAGE_COMPOSITION = [
  // The embed feature is the embeddable page: it shows a tool's docs, playground and execution panel.
  { file: 'src/app/features/embed/EmbedDocs.tsx', composes: ['tool-docs'] },
  { file: 'src/app/features/embed/EmbedInteractive.tsx', composes: ['playground'] },
  { file: 'src/app/features/embed/EmbedExecution.tsx', composes: ['execution', 'playground'] },
  // The tool page is the route page of one tool: docs, the playground, the versions section and its embed snippet,
  // and the Models panel (lazy, opened by a button).
  { file: 'src/app/features/tool-docs/ToolPage.tsx', composes: ['playground', 'evolution', 'embed', 'models'] },
  // The execution route wraps the tool page with the execution panel in its slot.
  { file: 'src/app/features/execution/ExecutionToolPage.tsx', composes: ['tool-docs', 'connect'] },
  // The catalog page shows a toolset's token budget, which the evolution feature computes and draws.
  { file: 'src/app/features/catalog/CatalogPage.tsx', composes: ['evolution'] },
  // The Models page runs a model's calls in the page's workspace: the execution feature's runtime and its approval dialog.
  { file: 'src/app/features/models/ModelsPage.tsx', composes: ['execution'] },
  // ...and a live toolset's calls on its MCP server, through the connect feature's caller.
  { file: 'src/app/features/models/runtimeBridge.ts', composes: ['execution', 'connect'] },
  // The Evals page runs suites with the Models page's saved keys and makes cases from its run history.
  { file: 'src/app/features/evals/RunPanel.tsx', composes: ['models'] },
  { file: 'src/app/features/evals/RecentRuns.tsx', composes: ['models'] },
];

/**
 * Core layers, lowest first: a layer's source imports only layers before it in this list (and itself).
 * workspace sits below validation because the validator's path formats apply the workspace's path policy
 * (workspace/paths.ts), exactly as the tools do; workspace never imports runtime.
 */
const CORE_LAYERS = [
  ['json'],
  ['toolset'],
  ['workspace'],
  ['validation', 'toolset/load'],
  ['audit', 'diff', 'compat', 'import', 'export', 'calls', 'tokens', 'registry'],
  ['runtime'],
  ['tools'],
  ['mcp', 'model'],
  ['evals'],
];

/**
 * The files a layer name covers. Tests (and the helpers they share, *.test-support.ts) are left out: a test may use real parts from above its layer
 * (the real validator on real schemas), but it never imports the app or the CLI from core.
 * toolset/load*.ts loads and meta-validates with the validator, so it sits above validation.
 */
const layerFiles = (name) =>
  name === 'toolset/load'
    ? './src/core/toolset/load*.ts'
    : `./src/core/${name}/**/!(*.test|*.test-support${name === 'toolset' ? '|load|load.node' : ''}).ts`;

const coreZones = CORE_LAYERS.flatMap((layer, rank) => {
  const higher = CORE_LAYERS.slice(rank + 1).flat().filter((name) => !name.includes('/'));
  return higher.length === 0
    ? []
    : [{ target: layer.map(layerFiles), from: higher.map((name) => `./src/core/${name}`), message: 'a core layer imports only lower layers (README "Architecture")' }];
});

const featureZones = FEATURES.map((feature) => ({
  target: `./src/app/features/${feature}`,
  from: './src/app/features',
  except: [`./${feature}`],
  message: 'features compose only in pages: move the shared piece to src/app/lib or src/app/components',
}));

export default tseslint.config(
  { ignores: ['src/generated/**'] },
  {
    files: ['src/**/*.{ts,tsx}', 'scripts/**/*.{ts,mjs}'],
    // Some files disable rules this config does not turn on (no-control-regex: spotting control
    // characters is this code's job); those directives are not errors.
    linterOptions: { reportUnusedDisableDirectives: 'off' },
    languageOptions: { parser: tseslint.parser, parserOptions: { ecmaVersion: 'latest', sourceType: 'module' } },
    plugins: { 'import-x': importX, '@typescript-eslint': tseslint.plugin },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    },
    rules: {
      // A lazy import() back to a module's importer (heavy parts loaded when first used) runs after both
      // have evaluated, so it is no load-order circle.
      'import-x/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './src/core', from: ['./src/app', './src/cli', './src/site'], message: 'core never imports the app, the CLI or the site builder' },
            { target: './src/site', from: ['./src/app', './src/cli'], message: 'the site builder never imports the app or the CLI' },
            { target: './src/cli', from: './src/app', message: 'the CLI never imports the app' },
            { target: './src/app', from: './src/cli', message: 'the app never imports the CLI' },
            ...coreZones,
            { target: './src/app/components', from: './src/app/features', message: 'components never import features' },
            { target: './src/app/lib', from: './src/app/features', message: 'lib never imports features' },
            ...featureZones,
          ],
        },
      ],
      // A few correctness rules; no style.
      'import-x/no-self-import': 'error',
      'no-debugger': 'error',
      'no-dupe-keys': 'error',
      'no-duplicate-case': 'error',
      'no-self-compare': 'error',
      'no-unreachable': 'error',
    },
  },
  // The page's validator is built by the entry points alone (main.tsx, embed.tsx, ssr.tsx) and passed down: to
  // components through ValidatorContext, to plain functions as an argument. No other module reaches for it; a test
  // builds its own with the same factory.
  {
    files: ['src/app/**/*.{ts,tsx}'],
    ignores: ['src/app/main.tsx', 'src/app/embed.tsx', 'src/app/ssr.tsx', 'src/app/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)pageValidator(\\.tsx?)?$',
              message: 'only the entry points build the page validator: take it as an argument, or from useValidator() in a component',
            },
          ],
        },
      ],
    },
  },
  // Page-composition files may import the features they compose (see PAGE_COMPOSITION).
  ...PAGE_COMPOSITION.map(({ file, composes }) => ({
    files: [file],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './src/core', from: ['./src/app', './src/cli'] },
            { target: './src/app', from: './src/cli' },
            {
              target: `./${file}`,
              from: './src/app/features',
              except: [`./${file.split('/')[3]}`, ...composes.map((name) => `./${name}`)],
              message: 'a page composes only the features listed for it in eslint.config.js',
            },
          ],
        },
      ],
    },
  })),
);
