/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import { configDefaults } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { staticAssetsPlugin } from './scripts/vite-static-assets';
import { embedScriptPlugin } from './scripts/vite-embed-script';
import { prerenderPlugin } from './scripts/vite-prerender';
import { guidePlugin } from './scripts/vite-guide';
import { runtimeSandboxPlugin } from './scripts/vite-runtime-sandbox';
import { formPartsPlugin } from './scripts/vite-form-parts';
import { monacoPartsPlugin } from './scripts/vite-monaco-parts';
import { systemDarkTheme } from './scripts/postcss-system-dark';
import { fileURLToPath } from 'node:url';
import {
  siteDataPlugin,
  SITE_BASE_PLACEHOLDER,
  VALIDATOR_RUNTIMES,
  validatorRuntimeModule,
} from './scripts/vite-site-data';

// The prebuilt app of `tool-schemas site build` (scripts/build-site-shell.ts): its toolset data loaded from data/, no prerender.
const shell = process.env.SITE_SHELL === '1';

export default defineConfig({
  plugins: [
    // First, so its CORS header reaches the files other plugins serve (vendor/).
    runtimeSandboxPlugin(),
    ...(shell ? [siteDataPlugin()] : []),
    react(),
    formPartsPlugin(),
    monacoPartsPlugin(),
    staticAssetsPlugin(),
    embedScriptPlugin(),
    guidePlugin(fileURLToPath(new URL('./docs', import.meta.url))),
    ...(shell ? [] : [prerenderPlugin()]),
  ],
  // Pages live at real paths (/tools/read_file/), so assets are addressed from the site's root; BASE_PATH serves the
  // site below a sub-path instead (e.g. /docs/).
  base: shell ? SITE_BASE_PLACEHOLDER : (process.env.BASE_PATH ?? '/'),
  css: { postcss: { plugins: [systemDarkTheme()] } },
  resolve: {
    alias: {
      // rjsf's Markdown renderer, never enabled here (descriptions are text): see src/app/lib/plainMarkdown.ts.
      'markdown-to-jsx/react': fileURLToPath(new URL('./src/app/lib/plainMarkdown.ts', import.meta.url)),
      // monaco-editor's package exports hide its stylesheets; the editor's icon font is needed for its widgets.
      'monaco-codicon.css': fileURLToPath(
        new URL('./node_modules/monaco-editor/esm/vs/base/browser/ui/codicons/codicon/codicon.css', import.meta.url),
      ),
    },
  },
  worker: {
    format: 'es',
    plugins: () => (shell ? [siteDataPlugin({ worker: true })] : []),
    // Workers live under workers/ (beside assets/, so their relative vendor/ URLs hold), served with the workers' own policy (netlify.toml).
    rolldownOptions: {
      output: { entryFileNames: 'workers/[name]-[hash].js', chunkFileNames: 'workers/[name]-[hash].js' },
    },
  },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 4096,
    // Read by the prerender (each page links the stylesheets of its own chunks, so it is drawn right before any script).
    manifest: true,
    rolldownOptions: {
      // The site and the embed page (embed.js, the element that frames it, comes from embedScriptPlugin).
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        embed: fileURLToPath(new URL('./embed.html', import.meta.url)),
        ...(shell
          ? Object.fromEntries(
              Object.values(VALIDATOR_RUNTIMES).map((name) => [
                `validator-runtime/${name}`,
                fileURLToPath(new URL(`./src/site/shell/validator-runtime/${name}.ts`, import.meta.url)),
              ]),
            )
          : {}),
      },
      // The generated validators import the runtime by a name that does not change with its content, and its exports stay.
      ...(shell ? { preserveEntrySignatures: 'exports-only' as const } : {}),
      // Seven characters of hash, not eight: every chunk's name is in the entry's preload list and in its importers,
      // and the catalog's first load is 207 bytes (gzip) lighter. With six, this build writes no files.
      output: {
        entryFileNames: (chunk: { name: string }) =>
          shell && chunk.name.startsWith('validator-runtime/')
            ? validatorRuntimeModule(chunk.name.slice('validator-runtime/'.length))
            : 'assets/[name]-[hash:7].js',
        chunkFileNames: 'assets/[name]-[hash:7].js',
        assetFileNames: 'assets/[name]-[hash:7][extname]',
      },
    },
  },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'],
    // The sample workspace's files are data with their own tests (frontend/src/App.test.tsx), never ours to run.
    exclude: [
      ...configDefaults.exclude,
      'src/core/workspace/sample/project/**',
      'src/core/workspace/sample/submodule/**',
    ],
    environment: 'node',
    // Tests compile schemas on demand, as the CLI and the workers do (the page does not).
    setupFiles: ['src/core/validation/compile.ts'],
    // rjsf through the build's own plugins, so the form under test has the swaps the page has (vite-form-parts.ts).
    server: { deps: { inline: [/@rjsf\//] } },
    testTimeout: 20000,
  },
});
