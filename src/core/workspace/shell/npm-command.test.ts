import { beforeEach, describe, expect, it } from 'vitest';
import { createWorkspace, type WorkspaceImpl } from '../workspace';

let workspace: WorkspaceImpl;
const run = (command: string, cwd = '/workspace') => workspace.runShell(command, { cwd, timeoutMs: 10_000 });

const manifest = {
  name: 'demo',
  version: '1.2.3',
  scripts: {
    test: 'node tests/check.js',
    start: 'node server.js',
    pretest: 'echo "pre: $npm_lifecycle_event"',
    greet:
      'node -e "console.log(process.argv.slice(1).join(\' \'), process.env.npm_lifecycle_event, process.env.npm_package_name)"',
    where: 'pwd',
    fail: 'echo failing >&2; exit 7',
    build: 'vite build',
  },
};

beforeEach(async () => {
  workspace = await createWorkspace();
  await workspace.writeText('app/package.json', JSON.stringify(manifest, null, 2));
  await workspace.writeText(
    'app/tests/check.js',
    "const assert = require('assert');\nassert.strictEqual(1 + 1, 2);\nconsole.log('1 passing');\n",
  );
  await workspace.writeText('app/server.js', "console.log('started on ' + (process.env.PORT || 80));\n");
  await workspace.writeText('app/src/nested/keep.txt', '');
});

describe('npm', () => {
  it('runs the test script (with its pre script) from the package directory, with npm’s banner', async () => {
    const result = await run('npm test', '/workspace/app');
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toBe(
      '\n> demo@1.2.3 pretest\n> echo "pre: $npm_lifecycle_event"\n\npre: pretest\n' +
        '\n> demo@1.2.3 test\n> node tests/check.js\n\n1 passing\n',
    );
  });

  it('finds package.json in a parent directory and runs there, like npm', async () => {
    const result = await run('npm run where --silent', '/workspace/app/src/nested');
    expect(result.stdout).toBe('/workspace/app\n');
  });

  it('passes arguments after -- and sets npm_lifecycle_event and npm_package_name', async () => {
    const result = await run('npm run greet -- hello "big world"', '/workspace/app');
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('hello big world greet demo\n');
  });

  it('runs start with the shell environment', async () => {
    const result = await run('PORT=8080 npm start -s', '/workspace/app');
    expect(result.stdout).toBe('started on 8080\n');
  });

  it('reports a missing script with npm’s own words and exit 1', async () => {
    const result = await run('npm run deploy', '/workspace/app');
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toBe(
      'npm error Missing script: "deploy"\nnpm error\nnpm error To see a list of scripts, run:\nnpm error   npm run\n',
    );
    expect((await run('npm run deploy --if-present', '/workspace/app')).exitCode).toBe(0);
  });

  it('passes on a failing script’s exit code', async () => {
    const result = await run('npm run fail', '/workspace/app');
    expect(result.exitCode).toBe(7);
    expect(result.stderr).toContain('failing\n');
    expect(result.stderr).toContain('npm error command failed');
  });

  it('lists the scripts with `npm run`', async () => {
    const result = await run('npm run', '/workspace/app');
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toBe(
      'Lifecycle scripts included in demo@1.2.3:\n  test\n    node tests/check.js\n  start\n    node server.js\n\n' +
        'available via `npm run-script`:\n  pretest\n    echo "pre: $npm_lifecycle_event"\n  greet\n' +
        `    ${manifest.scripts.greet}\n  where\n    pwd\n  fail\n    echo failing >&2; exit 7\n  build\n    vite build\n`,
    );
  });

  it('explains that install and ci need a registry the browser workspace cannot reach', async () => {
    for (const command of ['npm install', 'npm ci', 'npm i left-pad', 'npm install --save-dev vitest']) {
      const result = await run(command, '/workspace/app');
      expect(result.exitCode, command).toBe(1);
      expect(result.stderr, command).toContain('cannot reach a package registry');
    }
  });

  it('says when there is no package.json, and names unknown commands', async () => {
    const none = await run('npm test');
    expect(none.exitCode).toBe(254);
    expect(none.stderr).toContain(
      "npm error enoent Could not read package.json: Error: ENOENT: no such file or directory, open '/workspace/package.json'",
    );
    const unknown = await run('npm frobnicate', '/workspace/app');
    expect(unknown.exitCode).toBe(1);
    expect(unknown.stderr).toContain('npm error Unknown command: "frobnicate"');
  });
});
