// The layer lint: imports point down the layers of ARCHITECTURE (README "Architecture"), never up,
// and never in a circle. Only a few correctness rules beside it; style is not linted here.
import { readdirSync } from 'node:fs';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// Every folder under src/app/features is a feature: adding one needs no change here.
const FEATURES = readdirSync(new URL('./src/app/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

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
  // convert: the 2020-12 converter; properties: property tests of the validator and the path policy.
  ['audit', 'diff', 'compat', 'import', 'export', 'calls', 'tokens', 'registry', 'convert', 'properties'],
  ['runtime'],
  ['tools'],
  // hostile: the harness that runs hostile inputs through the runtime and the tools.
  ['mcp', 'model', 'hostile'],
  ['evals'],
];

// Every folder of src/core is in a layer: a new one fails the lint until it is placed.
const unplaced = readdirSync(new URL('./src/core/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !CORE_LAYERS.flat().includes(entry.name))
  .map((entry) => entry.name);
if (unplaced.length > 0)
  throw new Error(`eslint.config.js: place ${unplaced.join(', ')} in CORE_LAYERS (src/core's folders, lowest first)`);

/**
 * The files a layer name covers. Tests (and the helpers they share, *.test-support.ts) are left out: a test may use real parts from above its layer
 * (the real validator on real schemas), but it never imports the app or the CLI from core.
 * toolset/load*.ts loads and meta-validates with the validator, so it sits above validation.
 */
const layerFiles = (name) =>
  name === 'toolset/load'
    ? './src/core/toolset/load*.ts'
    : `./src/core/${name}/**/!(*.test|*.test-support${name === 'toolset' ? '|load*' : ''}).ts`;

const coreZones = CORE_LAYERS.flatMap((layer, rank) => {
  const higher = CORE_LAYERS.slice(rank + 1)
    .flat()
    .filter((name) => !name.includes('/'));
  return higher.length === 0
    ? []
    : [
        {
          target: layer.map(layerFiles),
          from: higher.map((name) => `./src/core/${name}`),
          message: 'a core layer imports only lower layers (README "Architecture")',
        },
      ];
});

// Features are flat leaves: a page (src/app/routes) composes them; what several share lives in src/app/services,
// src/app/lib or src/app/components.
const featureZones = FEATURES.map((feature) => ({
  target: `./src/app/features/${feature}`,
  from: './src/app/features',
  except: [`./${feature}`],
  message:
    'a feature never imports another feature: compose them in a page (src/app/routes), or move the shared piece to src/app/services, lib or components',
}));

const MODULE_STATE =
  'no module-level mutable state in the app: keep it on a value the entry point makes (`page.part(make)`, a service) and pass it down';
const MUTABLE_COLLECTION = 'NewExpression[callee.name=/^(Map|Set|WeakMap|WeakSet)$/]';
const READONLY_TYPE = '[id.typeAnnotation.typeAnnotation.typeName.name=/^Readonly(Set|Map)$/]';
/** Top-level `let`, mutable collections and worker clients, exported or not. */
const moduleStateSelectors = ['Program >', 'Program > ExportNamedDeclaration >'].flatMap((top) => [
  { selector: `${top} VariableDeclaration[kind="let"]`, message: MODULE_STATE },
  {
    selector: `${top} VariableDeclaration > VariableDeclarator:not(${READONLY_TYPE}) > ${MUTABLE_COLLECTION}`,
    message: MODULE_STATE,
  },
  {
    selector: `${top} VariableDeclaration > VariableDeclarator > CallExpression[callee.name="createWorkerClient"]`,
    message: MODULE_STATE,
  },
]);

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
            {
              target: './src/core',
              from: ['./src/app', './src/cli', './src/site'],
              message: 'core never imports the app, the CLI or the site builder',
            },
            {
              target: './src/site',
              from: ['./src/app', './src/cli'],
              message: 'the site builder never imports the app or the CLI',
            },
            { target: './src/cli', from: './src/app', message: 'the CLI never imports the app' },
            { target: './src/app', from: './src/cli', message: 'the app never imports the CLI' },
            ...coreZones,
            {
              target: './src/app/features',
              from: './src/app/routes',
              message: 'a feature never imports a page: the page composes the feature',
            },
            ...featureZones,
            {
              target: './src/app/services',
              from: ['./src/app/features', './src/app/routes'],
              message: 'services never import features or pages',
            },
            {
              target: './src/app/components',
              from: ['./src/app/features', './src/app/routes'],
              message: 'components never import features or pages',
            },
            {
              target: './src/app/lib',
              from: ['./src/app/features', './src/app/routes', './src/app/services'],
              message: 'lib never imports features, pages or services',
            },
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
  // Hooks are called the same way on every render, and an effect or a memo names every value it reads.
  {
    files: ['src/app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  // A module keeps no state: what a page holds lives on a value its entry point makes (the Page, a service) and is
  // passed down, so two pages in one realm (an embed beside the site, one test after another) share nothing. A table
  // that never changes says so in its type (ReadonlySet, ReadonlyMap). A worker's module (*.worker.ts) runs in its
  // own realm and may keep its own.
  {
    files: ['src/app/**/*.{ts,tsx}'],
    ignores: ['src/app/**/*.worker.ts', 'src/app/**/*.test.{ts,tsx}', 'src/app/**/*.test-support.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': ['error', ...moduleStateSelectors],
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
              message:
                'only the entry points build the page validator: take it as an argument, or from useValidator() in a component',
            },
          ],
        },
      ],
    },
  },
);
