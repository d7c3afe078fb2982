#!/usr/bin/env node
// The whole test suite: schema bundle, typecheck, layer lint, unit tests (Vitest), build, browser tests (Playwright).
// Ends with one line "N passed, N failed" totalling every suite.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { relative } from 'node:path';

const freePort = () =>
  new Promise((resolvePort) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });

const require = createRequire(import.meta.url);
mkdirSync('test-results', { recursive: true });
// A report left by an earlier run must never stand in for this one.
for (const report of ['test-results/unit.json', 'test-results/e2e-report.json']) rmSync(report, { force: true });

const run = (command, args, extraEnv = {}) => {
  console.log(`\n$ ${command} ${args.join(' ')}`);
  const outcome = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...extraEnv } });
  return outcome.status ?? 1;
};

const readJson = (file) => {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
};

let passed = 0;
let failed = 0;
const problems = [];

// `npm test` on a fresh clone: install first, as `npm start` does, so the README's test command stands alone.
if (!existsSync('node_modules/.bin/vitest') && run('npm', ['install', '--no-audit', '--no-fund']) !== 0) {
  problems.push('npm install');
  failed += 1;
}

if (run('npm', ['run', 'bundle', '--silent']) !== 0) {
  problems.push('the schema bundle did not build');
  failed += 1;
}

if (run('npx', ['tsc', '--noEmit', '-p', '.']) === 0) passed += 1;
else {
  problems.push('typecheck');
  failed += 1;
}

// The layer lint (eslint.config.js): imports point down the layers, never in a circle.
if (run('npm', ['run', 'lint', '--silent']) === 0) passed += 1;
else {
  problems.push('lint');
  failed += 1;
}

// No dead code (knip.json names the entry points): every file is reached and every export is imported somewhere.
if (run('npm', ['run', 'knip', '--silent']) === 0) passed += 1;
else {
  problems.push('knip: unused files or exports');
  failed += 1;
}

// The formatter (Prettier, .prettierrc.json): every source file is written as `npm run format` writes it.
if (run('npm', ['run', 'format:check', '--silent']) === 0) passed += 1;
else {
  problems.push('format (run `npm run format`)');
  failed += 1;
}

const unitStatus = run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  '--outputFile=test-results/unit.json',
]);
const unit = readJson('test-results/unit.json');
if (unit) {
  passed += unit.numPassedTests;
  // A test file that fails to load has no failed test to count: it counts as one failure itself.
  const brokenFiles = (unit.testResults ?? []).filter(
    (file) => file.status === 'failed' && (file.assertionResults ?? []).every((test) => test.status !== 'failed'),
  ).length;
  failed += unit.numFailedTests + brokenFiles + (unitStatus !== 0 && unit.numFailedTests + brokenFiles === 0 ? 1 : 0);
  if (unit.numFailedTests > 0 || brokenFiles > 0 || unitStatus !== 0) {
    // Named again at the end, so the last lines of a long log say which tests to look at.
    const names = (unit.testResults ?? []).flatMap((file) =>
      file.status !== 'failed'
        ? []
        : (file.assertionResults ?? []).some((test) => test.status === 'failed')
          ? file.assertionResults
              .filter((test) => test.status === 'failed')
              .map((test) => `${relative(process.cwd(), file.name)} › ${test.fullName}`)
          : [`${relative(process.cwd(), file.name)} (did not load)`],
    );
    problems.push(
      `unit tests (${unit.numFailedTests} failed${brokenFiles > 0 ? `, ${brokenFiles} test file(s) did not load` : ''}${names.map((name) => `\n  - ${name}`).join('')})`,
    );
  }
} else {
  problems.push('unit tests did not report');
  failed += 1;
}

// Playwright cannot use a browser it has not got: the system Chromium, else CHROMIUM_PATH, else Playwright's own;
// as root with apt-get (a fresh CI machine) Debian's chromium is installed; else Playwright's download is tried.
// Without any, the browser tests are skipped with one line saying what to install — not a failure per test.
const browserPath = () => {
  const system = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((candidate) => existsSync(candidate));
  if (system) return system;
  if (process.env.CHROMIUM_PATH && existsSync(process.env.CHROMIUM_PATH)) return process.env.CHROMIUM_PATH;
  try {
    const { chromium } = require('playwright-core');
    return existsSync(chromium.executablePath()) ? chromium.executablePath() : null;
  } catch {
    return null;
  }
};
const hasCommand = (command) => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
let browser = browserPath();
if (!browser && process.getuid?.() === 0 && hasCommand('apt-get')) {
  console.log("\nNo Chromium found: installing Debian's chromium for the browser tests");
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  if (run('apt-get', ['update', '-qq'], env) === 0) run('apt-get', ['install', '-y', '-qq', 'chromium'], env);
  browser = browserPath();
}
if (!browser) {
  run('npx', ['playwright', 'install', 'chromium']);
  browser = browserPath();
}

if (!browser) {
  problems.push(
    'browser tests not run: no Chromium. Install it (Debian: apt-get install chromium) or set CHROMIUM_PATH to a Chromium binary',
  );
  failed += 1;
} else if (run('npx', ['vite', 'build', '--logLevel', 'warn']) !== 0) {
  problems.push('the site did not build');
  failed += 1;
} else {
  // A free port, so a preview server someone left running cannot stop the run.
  const port = process.env.E2E_PORT ?? String(await freePort());
  const e2eStatus = run('npx', ['playwright', 'test'], {
    CI: process.env.CI ?? '1',
    CHROMIUM_PATH: browser,
    E2E_PORT: port,
  });
  const e2e = readJson('test-results/e2e-report.json');
  if (e2e?.stats) {
    // A test that passed only on a retry is a failure to find, not a pass.
    passed += e2e.stats.expected;
    failed +=
      e2e.stats.unexpected +
      e2e.stats.flaky +
      (e2eStatus !== 0 && e2e.stats.unexpected + e2e.stats.flaky === 0 ? 1 : 0);
    if (e2e.stats.unexpected + e2e.stats.flaky > 0 || e2eStatus !== 0) {
      const names = [];
      const walk = (suite) => {
        for (const spec of suite.specs ?? [])
          for (const test of spec.tests ?? [])
            if (test.status === 'unexpected' || test.status === 'flaky')
              names.push(
                `${spec.file}:${spec.line} › ${spec.title} (${test.status === 'flaky' ? 'passed only on retry' : 'failed'})`,
              );
        for (const child of suite.suites ?? []) walk(child);
      };
      for (const suite of e2e.suites ?? []) walk(suite);
      problems.push(
        `browser tests (${e2e.stats.unexpected} failed, ${e2e.stats.flaky} passed only on retry)${names.map((name) => `\n  - ${name}`).join('')}`,
      );
    }
  } else {
    problems.push('browser tests did not report');
    failed += 1;
  }
}

if (problems.length > 0) console.log(`\nFailed: ${problems.join('; ')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
