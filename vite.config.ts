/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { staticAssetsPlugin } from './scripts/vite-static-assets';
import { embedScriptPlugin } from './scripts/vite-embed-script';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  plugins: [
    react(),
    staticAssetsPlugin(),
    embedScriptPlugin(),
  ],
  base: './',
  resolve: {
    alias: {
      // monaco-editor's package exports hide its stylesheets; the editor's icon font is needed for its widgets.
      'monaco-codicon.css': fileURLToPath(new URL('./node_modules/monaco-editor/esm/vs/base/browser/ui/codicons/codicon/codicon.css', import.meta.url)),
    },
  },
  worker: {
    format: 'es',
    // Workers live under assets/workers/, which netlify.toml serves with the workers' own policy.
    rolldownOptions: { output: { entryFileNames: 'assets/workers/[name]-[hash].js', chunkFileNames: 'assets/workers/[name]-[hash].js' } },
  },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 4096,
    rolldownOptions: {
      // The site and the embed page (embed.js, the element that frames it, comes from embedScriptPlugin).
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        embed: fileURLToPath(new URL('./embed.html', import.meta.url)),
      },
    },
  },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20000,
  },
});
