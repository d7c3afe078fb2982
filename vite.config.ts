import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { staticAssetsPlugin } from './scripts/vite-static-assets';

export default defineConfig({
  plugins: [
    react(),
    staticAssetsPlugin(),
  ],
  base: './',
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 4096,
  },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20000,
  },
});
