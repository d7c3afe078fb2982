import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './scripts/chromium';

const port = Number(process.env.E2E_PORT ?? 4173);
// Lets several builds be tested side by side: E2E_DIST=dist-x E2E_PORT=4180.
const distDirectory = process.env.E2E_DIST ?? 'dist';
const resultsDirectory = process.env.E2E_RESULTS ?? 'test-results';

export default defineConfig({
  testDir: 'e2e',
  outputDir: `${resultsDirectory}/artifacts`,
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: `${resultsDirectory}/e2e-report.json` }]],
  use: {
    baseURL: `http://127.0.0.1:${port}/`,
    browserName: 'chromium',
    headless: true,
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: [...CHROMIUM_ARGS],
    },
  },
  webServer: {
    // The build served with exactly netlify.toml's headers (scripts/static-host.ts), as deployed; E2E_SERVER=vite uses vite preview.
    command:
      process.env.E2E_SERVER === 'vite'
        ? `npx vite preview --host 127.0.0.1 --port ${port} --strictPort --outDir ${distDirectory}`
        : `npx tsx scripts/serve-static.ts ${distDirectory} ${port}`,
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
  },
});
