/**
 * Every command the deploy recipes show (docs/deploying.md, docs/site-build.md: their `sh` blocks, the `run:` steps
 * of the workflows they show, and the commands they name inline) is listed here, and the list is kept in step with
 * the docs: a documented command missing here, or one listed here and no longer documented, fails. Each is then run
 * as written, in a folder of its own holding the files the recipe names (a toolset, an eval suite and its logged
 * runs, an MCP server over stdio), with `tool-schemas` this checkout's CLI and every server on loopback. A command
 * that needs the network (a registry, a deploy service) is listed with the reason, and so is one run elsewhere.
 */
import { spawn } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { startMcpTestServer, type McpTestServer } from '../e2e/servers/mcp-test-server';
import { buildSiteShell, SITE_SHELL_DIRECTORY } from './build-site-shell';

const projectRoot = fileURLToPath(new URL('..', import.meta.url));
const RECIPE_DOCS = ['docs/deploying.md', 'docs/site-build.md'];
const require = createRequire(import.meta.url);
const everything = require.resolve('@modelcontextprotocol/server-everything/dist/index.js');
const FIXTURES = join(projectRoot, 'src', 'core', 'evals', 'fixtures');

/** The commands a recipe runs: its shell blocks' lines, its workflows' `run:` steps, its inline `npx …` commands. */
export function recipeCommands(markdown: string): string[] {
  const commands: string[] = [];
  for (const [, language, body] of markdown.matchAll(/```(\w*)\n([\s\S]*?)```/g)) {
    if (language === 'sh')
      commands.push(...body!.split('\n').filter((line) => line.trim() !== '' && !line.trim().startsWith('#')));
    if (language === 'yaml') {
      const workflow = parse(body!) as { jobs?: Record<string, { steps?: { run?: string }[] }> };
      for (const job of Object.values(workflow.jobs ?? {}))
        for (const step of job.steps ?? []) if (step.run) commands.push(step.run.trim());
    }
  }
  const prose = markdown.replace(/```[\s\S]*?```/g, '');
  for (const [, code] of prose.matchAll(/`(npx [^`]+)`/g)) commands.push(code!);
  return commands.map((command) => command.trim());
}

interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** What a recipe's command is checked for, in the folder it ran in. */
type Check = (outcome: Outcome, folder: string) => void | Promise<void>;

type Recipe =
  | { notRunHere: string }
  | {
      /** The command as run, when it differs from the documented one: a loopback address, a free port. */
      as?: (command: string) => string;
      /** A server: stopped once it prints this, after the check. */
      serves?: RegExp;
      check: Check;
    };

const siteWritten =
  (base = '/'): Check =>
  (outcome, folder) => {
    expect(outcome.stderr).toBe('');
    expect(outcome.code).toBe(0);
    const page = readFileSync(join(folder, 'site', 'tools', 'get_weather', 'index.html'), 'utf8');
    expect(page).toContain(`<link rel="canonical"`);
    expect(page).toContain(`${base}assets/`);
    for (const file of ['llms.txt', '_headers', 'sitemap.xml', '404.html', 'tools/get_weather/index.md'])
      expect(existsSync(join(folder, 'site', file))).toBe(true);
  };

/**
 * The site of a live server's tools (the MCP test server's over HTTP, server-everything's over stdio). A server
 * started over stdio writes to the same stderr: `serverLog` is what it prints there, and all that may be there.
 */
const serverSiteWritten =
  (tool: string, serverLog = ''): Check =>
  (outcome, folder) => {
    expect(outcome.stderr).toBe(serverLog);
    expect(outcome.code).toBe(0);
    expect(readFileSync(join(folder, 'site', 'llms.txt'), 'utf8')).toContain(`tools/${tool}/index.md`);
  };

/** Longest a page of a server on loopback may take to answer. */
const FETCH_LIMIT_MS = 10_000;

const served: Check = async (outcome) => {
  const url = /Serving the site at (\S+)/.exec(outcome.stdout)?.[1];
  expect(url).toBeDefined();
  const page = await fetch(new URL('tools/get_weather/', url), { signal: AbortSignal.timeout(FETCH_LIMIT_MS) });
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('Current weather for a city.');
};

let mcpServer: McpTestServer;

const RECIPES: Record<string, Recipe> = {
  'npm run build': {
    notRunHere: "the whole site's build, minutes long: `npm run test:e2e` runs it before every browser test",
  },
  'npx tsx scripts/serve-static.ts dist 4173': {
    as: (command) => command.replace(' dist 4173', ` ${staticFolder} 0`),
    serves: /Serving .* at (\S+)/,
    check: async (outcome) => {
      const url = /at (http:\/\/\S+)/.exec(outcome.stdout)![1]!;
      const response = await fetch(new URL('tools/read_file/', url), { signal: AbortSignal.timeout(FETCH_LIMIT_MS) });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
      await response.body?.cancel();
      const missing = await fetch(new URL('no/such/page', url), { signal: AbortSignal.timeout(FETCH_LIMIT_MS) });
      expect(missing.status).toBe(404);
      await missing.body?.cancel();
    },
  },
  'npm install --save-dev tool-schema-playground': {
    notRunHere: 'installs from the registry: scripts/pack-install.test.ts installs the packed tarball instead',
  },
  'npm ci': { notRunHere: "installs the user's project's dependencies from the registry" },
  'npx tool-schemas site build mcp-tools.json --out site': { check: siteWritten() },
  'npx tool-schemas site dev mcp-tools.json': {
    // The default port may be taken on a shared machine: a free one.
    as: (command) => `${command} --port 0`,
    serves: /Serving the site at/,
    check: served,
  },
  'npx tool-schemas site build https://mcp.example.com/mcp --out site': {
    as: (command) => command.replace('https://mcp.example.com/mcp', mcpServer.url),
    check: serverSiteWritten('add'),
  },
  'npx tool-schemas site build --out site -- npx -y @modelcontextprotocol/server-filesystem /srv/projects': {
    // `npx -y` fetches the server from the registry: the same command line with a server already here.
    as: (command) => command.replace(/-- npx -y .*$/, '-- node server.js'),
    check: serverSiteWritten('get-sum', 'Starting default (STDIO) server...\n'),
  },
  'npx tool-schemas site dev mcp-tools.json --port 4400': {
    as: (command) => command.replace('--port 4400', '--port 0'),
    serves: /Serving the site at/,
    check: served,
  },
  'npx tool-schemas site build mcp-tools.json --out site --site-url https://tools.example.com/': {
    check: async (outcome, folder) => {
      siteWritten()(outcome, folder);
      expect(readFileSync(join(folder, 'site', 'llms.txt'), 'utf8')).toContain(
        '(https://tools.example.com/tools/get_weather/index.md)',
      );
    },
  },
  'npx netlify deploy --prod --dir site': { notRunHere: "deploys to Netlify's service over the network" },
  'npx tool-schemas site build mcp-tools.json --out site --base /${{ github.event.repository.name }}/ --site-url https://${{ github.repository_owner }}.github.io/${{ github.event.repository.name }}/':
    {
      // What GitHub Actions makes of the expressions for a repository example/tools.
      as: (command) =>
        command
          .replaceAll('${{ github.event.repository.name }}', 'tools')
          .replaceAll('${{ github.repository_owner }}', 'example'),
      check: async (outcome, folder) => {
        siteWritten('/tools/')(outcome, folder);
        expect(readFileSync(join(folder, 'site', 'sitemap.xml'), 'utf8')).toContain(
          '<loc>https://example.github.io/tools/tools/get_weather/</loc>',
        );
      },
    },
  'npx tool-schemas lint --toolset mcp-tools.json --strict': {
    check: (outcome) => {
      // A gate: 0 when the toolset passes, 1 with the findings when it does not; never a usage error.
      expect([0, 1]).toContain(outcome.code);
      expect(outcome.stdout).toMatch(/Summary: 3 tools audited/);
    },
  },
  'npx tool-schemas mcp pin --lock tools.lock.json -- node server.js': {
    check: (outcome, folder) => {
      expect(outcome.code).toBe(0);
      expect(existsSync(join(folder, 'tools.lock.json'))).toBe(true);
    },
  },
  'npx tool-schemas mcp verify --lock tools.lock.json -- node server.js': {
    check: (outcome) => {
      // The server's own start-up line goes to stderr; the verdict is on stdout.
      expect(outcome.code).toBe(0);
      expect(outcome.stdout).toMatch(/^No drift: \d+ tools match the lockfile\.$/m);
    },
  },
  'npx tool-schemas eval suite.yaml --results runs.jsonl --toolset mcp-tools.json --fail-under 0.9': {
    check: (outcome) => {
      // The logged runs pass 40%: under 0.9 the gate fails, with the figures.
      expect(outcome.code).toBe(1);
      expect(outcome.stdout).toContain('passed 4/10 = 40.0%');
    },
  },
};

const PIN = 'npx tool-schemas mcp pin --lock tools.lock.json -- node server.js';
let work: string;
let staticFolder: string;

/** Longest a documented command may take here before it is stopped and the test fails with what it printed. */
const COMMAND_LIMIT_MS = 60_000;

/**
 * Runs a documented command with `sh`, in `folder`; a server is stopped once it printed `serves` and was checked.
 * `tool-schemas` is this checkout's CLI, installed in the folder's node_modules/.bin, so `npx` finds it there.
 * Whatever the outcome, nothing the command started outlives it: its whole process group is killed at the end.
 */
async function runCommand(
  command: string,
  folder: string,
  recipe: Exclude<Recipe, { notRunHere: string }>,
): Promise<void> {
  const cwd = command.startsWith('npx tsx scripts/') ? projectRoot : folder;
  const child = spawn('sh', ['-c', `exec ${command}`], {
    cwd,
    env: { ...process.env, NO_COLOR: '1', npm_config_offline: 'true', npm_config_update_notifier: 'false' },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: npx's children (the server itself) are stopped with it.
    detached: true,
  });
  /** Signals the command's process group; one that has already ended (ESRCH) has nothing left to stop. */
  const stop = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
    }
  };
  let stdout = '';
  let stderr = '';
  let timer: NodeJS.Timeout | undefined;
  const printed = () => `stdout:\n${stdout}\nstderr:\n${stderr}`;
  const closed = new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  const tooLong = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      stop('SIGKILL');
      reject(new Error(`${command} took over ${COMMAND_LIMIT_MS / 1000} s and was stopped.\n${printed()}`));
    }, COMMAND_LIMIT_MS);
  });
  // Awaited in each race below; a limit reached while a check runs fails that check's command through stop().
  tooLong.catch(() => undefined);
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  try {
    if (recipe.serves) {
      const serves = recipe.serves;
      const serving = new Promise<void>((resolve) => {
        child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
          stdout += chunk;
          if (serves.test(stdout)) resolve();
        });
      });
      const endedFirst = closed.then((code) => {
        throw new Error(`${command} ended (${code}) before serving.\n${printed()}`);
      });
      // Settled by the race or ignored: the command ending after it was stopped is no failure.
      endedFirst.catch(() => undefined);
      await Promise.race([serving, endedFirst, tooLong]);
      await recipe.check({ code: null, stdout, stderr }, folder);
      stop('SIGINT');
      await Promise.race([closed, tooLong]);
    } else {
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
      const code = await Promise.race([closed, tooLong]);
      await recipe.check({ code, stdout, stderr }, folder);
    }
  } finally {
    clearTimeout(timer);
    stop('SIGKILL');
  }
}

const documented = RECIPE_DOCS.flatMap((file) => recipeCommands(readFileSync(join(projectRoot, file), 'utf8')));

describe('the deploy recipes', () => {
  it('lists every command the recipes show, and nothing they no longer show', () => {
    expect([...new Set(documented)].sort()).toEqual(Object.keys(RECIPES).sort());
  });

  describe('each command, run as a user runs it', () => {
    beforeAll(async () => {
      const shell = join(projectRoot, SITE_SHELL_DIRECTORY);
      if (!existsSync(join(shell, 'server', 'ssr.js')) || !existsSync(join(shell, 'netlify.toml')))
        await buildSiteShell(projectRoot);
      work = mkdtempSync(join(tmpdir(), 'deploy-recipes-'));
      staticFolder = join(work, 'static-site');
      mkdirSync(join(staticFolder, 'tools', 'read_file'), { recursive: true });
      writeFileSync(join(staticFolder, 'tools', 'read_file', 'index.html'), '<!doctype html><title>read_file</title>');
      writeFileSync(join(staticFolder, '404.html'), '<!doctype html><title>Not found</title>');
      mcpServer = await startMcpTestServer();
    }, 300_000);

    afterAll(async () => {
      await mcpServer?.close();
      if (work) rmSync(work, { recursive: true, force: true });
    });

    /** A folder of a user's project: the files the recipes name, and the CLI as its own dependency. */
    const userFolder = (name: string): string => {
      const folder = join(work, name);
      const bin = join(folder, 'node_modules', '.bin');
      mkdirSync(bin, { recursive: true });
      writeFileSync(join(folder, 'package.json'), '{ "name": "a-user-project", "private": true, "type": "module" }\n');
      // The package's own bin: the CLI `npm run bundle` built, or its sources while they are newer.
      writeFileSync(
        join(bin, 'tool-schemas'),
        `#!/bin/sh\nexec "${process.execPath}" "${join(projectRoot, 'bin', 'tool-schemas.js')}" "$@"\n`,
      );
      chmodSync(join(bin, 'tool-schemas'), 0o755);
      copyFileSync(join(FIXTURES, 'tools.json'), join(folder, 'mcp-tools.json'));
      copyFileSync(join(FIXTURES, 'weather-suite.yaml'), join(folder, 'suite.yaml'));
      copyFileSync(join(FIXTURES, 'weather-results.jsonl'), join(folder, 'runs.jsonl'));
      writeFileSync(
        join(folder, 'server.js'),
        `process.argv.push('stdio');\nawait import(${JSON.stringify(pathToFileURL(everything).href)});\n`,
      );
      return folder;
    };

    // Each in a folder of its own, so they run side by side (a few at a time): the machine waits on the commands'
    // processes, not on one after another. Verify checks a lockfile pinned in its folder first, as the recipe says.
    it.concurrent.each([...new Set(documented)].filter((command) => !('notRunHere' in (RECIPES[command] ?? {}))))(
      '%s',
      async (command) => {
        const recipe = RECIPES[command] as Exclude<Recipe, { notRunHere: string }>;
        const folder = userFolder(`run-${Object.keys(RECIPES).indexOf(command)}`);
        if (command.includes('mcp verify'))
          await runCommand(PIN, folder, RECIPES[PIN] as Exclude<Recipe, { notRunHere: string }>);
        await runCommand(recipe.as ? recipe.as(command) : command, folder, recipe);
      },
      COMMAND_LIMIT_MS * 2,
    );
  });
});
