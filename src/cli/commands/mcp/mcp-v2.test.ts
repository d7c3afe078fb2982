// The mcp commands against the SDK v2 test server on loopback, in both serving modes: eras on the first line, what
// the server asks answered from flags or a terminal, resources and templates read, prompts got.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMcpV2Server, type McpV2Server } from '../../../../e2e/servers/mcp-v2-server';
import { createCompilingValidator } from '../../../core/validation/compile';
import type { CommandContext } from '../../types';
import type { Terminal } from './elicit';
import { runMcpCli } from './index';

const empty = { manifest: { id: 'none', name: 'none', version: '0.0.0', description: '', categories: [] }, tools: [] };
const context: CommandContext = {
  validator: createCompilingValidator(),
  bundle: empty,
  toolsets: [empty],
  color: false,
  readStdin: () => undefined,
  readFile: (path) => readFileSync(path, 'utf8'),
};
const root = fileURLToPath(new URL('../../../../', import.meta.url));

let both: McpV2Server;
let modernOnly: McpV2Server;
let sessions: McpV2Server;
let directory: string;
beforeAll(async () => {
  [both, modernOnly, sessions] = await Promise.all([
    startMcpV2Server(),
    startMcpV2Server({ modernOnly: true }),
    startMcpV2Server({ legacySessions: true }),
  ]);
  directory = mkdtempSync(join(tmpdir(), 'mcp-v2-cli-'));
});
afterAll(async () => {
  await Promise.all([both.close(), modernOnly.close(), sessions.close()]);
  rmSync(directory, { recursive: true, force: true });
});

/** The CLI as a person runs it: a child process, standard input not a terminal. */
function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'src/cli/main.ts', 'mcp', ...args],
      { cwd: root, timeout: 120_000 },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
      },
    );
  });
}

describe('eras on the first line', () => {
  it(
    'mcp list and mcp call, run as a command, against a modern-only server: the modern era connects',
    { timeout: 120_000 },
    async () => {
      const [listed, called] = await Promise.all([
        cli(['list', modernOnly.url]),
        cli(['call', modernOnly.url, 'add', '--args', '{"a":1,"b":2}']),
      ]);
      expect(listed.stdout.split('\n')[0]).toBe(
        'schema-v2-server 2.0.0 (streamable-http, modern era, protocol 2026-07-28): 9 of 9 tools usable',
      );
      expect(listed.code).toBe(0);
      expect(called.stderr.split('\n')[0]).toBe(
        'schema-v2-server 2.0.0 (streamable-http, modern era, protocol 2026-07-28)',
      );
      expect(called.stdout).toBe('3\nstructuredContent: {"sum":3}\nstructuredContent matches the output schema\n');
    },
  );

  it('the legacy era on the default serving, and refused by a modern-only server with both sides versions', async () => {
    const legacy = await runMcpCli(['list', both.url, '--era', 'legacy'], context);
    expect(legacy.stdout.split('\n')[0]).toBe(
      'schema-v2-server 2.0.0 (streamable-http, legacy era, protocol 2025-11-25): 9 of 9 tools usable',
    );
    const refused = await runMcpCli(['list', modernOnly.url, '--era', 'legacy'], context);
    expect(refused).toMatchObject({
      exitCode: 1,
      stderr: expect.stringMatching(
        /^Could not connect: initialize: the server does not speak MCP protocol version 2025-11-25, .*the server speaks 2026-07-28\./,
      ),
    });
    expect(await runMcpCli(['list', both.url, '--era', 'newest'], context)).toMatchObject({
      exitCode: 2,
      stderr: expect.stringMatching(/^--era: expected auto, modern or legacy, got 'newest'/),
    });
  });
});

describe('mcp list marks the tools that have an icon', () => {
  it("with the drawn icon's data: type, or a remote icon's host and type, which it does not fetch", async () => {
    const remote = await startMcpV2Server({ modernOnly: true, remoteIconTool: true });
    try {
      const listed = await runMcpCli(['list', remote.url], context);
      expect(listed.exitCode).toBe(0);
      const lineOf = (tool: string) => listed.stdout.split('\n').find((line) => new RegExp(`^\\W*${tool} `).test(line));
      const host = new URL(remote.url).host;
      expect(lineOf('remote_icon')).toContain(
        `A tool whose icon is served at a remote address [icon ${host} image/png]`,
      );
      // Of a remote, an SVG, a script address and two PNGs, the PNG the page draws is the one named.
      expect(lineOf('summarize')).toContain('(sampling) [icon data:image/png]');
      expect(lineOf('add')).not.toContain('[icon');
      expect(remote.iconRequests()).toBe(0);
    } finally {
      await remote.close();
    }
  });
});

describe('a form the server asks for', () => {
  it('without a terminal or an answer: an error naming what was asked, nothing sent', async () => {
    const before = both.state.answers.length;
    const result = await runMcpCli(['call', both.url, 'delete_file', '--args', '{"path":"/a"}'], context);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain(
      "elicitation: no answer for 'confirm': the server asked: 'Delete /a?' with the fields confirm (Delete it?, boolean, required), reason (Reason, string), priority (Priority, string: low | high, default \"low\"). Answer with --input confirm=<json>",
    );
    expect(both.state.answers.length).toBe(before);
  });

  it('answered with --input and --inputs; an answer the schema refuses is named and not sent', async () => {
    const ok = await runMcpCli(
      [
        'call',
        both.url,
        'delete_file',
        '--args',
        '{"path":"/a"}',
        '--input',
        'confirm=true',
        '--input',
        'reason=tidy up',
      ],
      context,
    );
    expect(ok).toMatchObject({ exitCode: 0, stdout: 'Deleted /a\n' });
    expect(both.state.answers.at(-1)).toBe('delete_file: accept {"confirm":true,"reason":"tidy up","priority":"low"}');
    const file = join(directory, 'answers.json');
    writeFileSync(file, JSON.stringify({ confirm: false, priority: 'high' }));
    const fromFile = await runMcpCli(
      ['call', both.url, 'delete_file', '--args', '{"path":"/b"}', '--inputs', file],
      context,
    );
    expect(fromFile.stdout).toBe('Not deleted (accept)\n');
    const refused = await runMcpCli(
      [
        'call',
        both.url,
        'delete_file',
        '--args',
        '{"path":"/c"}',
        '--input',
        'confirm=true',
        '--input',
        'priority="urgent"',
      ],
      context,
    );
    expect(refused.exitCode).toBe(1);
    expect(refused.stderr).toMatch(
      /the answer does not match the requested schema \(nothing was sent\):\n {2}\w+: priority: /,
    );
  });

  it('in the legacy era the server sends elicitation/create: answered the same way, or named when missing', async () => {
    const answered = await runMcpCli(
      ['call', sessions.url, 'delete_file', '--era', 'legacy', '--args', '{"path":"/l"}', '--input', 'confirm=true'],
      context,
    );
    expect(answered.stderr.split('\n')[0]).toBe(
      'schema-v2-server 2.0.0 (streamable-http, legacy era, protocol 2025-11-25)',
    );
    expect(answered).toMatchObject({ exitCode: 0, stdout: 'Deleted /l\n' });
    const missing = await runMcpCli(
      ['call', sessions.url, 'delete_file', '--era', 'legacy', '--args', '{"path":"/m"}'],
      context,
    );
    expect(missing).toMatchObject({
      exitCode: 1,
      stderr: expect.stringContaining("elicitation: no answer for 'confirm'"),
    });
  });

  it.each(['decline', 'cancel'] as const)('--elicit %s reaches the server', async (action) => {
    const result = await runMcpCli(
      ['call', both.url, 'delete_file', '--args', '{"path":"/d"}', '--elicit', action],
      context,
    );
    expect(result.stdout).toBe(`Not deleted (${action})\n`);
  });

  it('on a terminal, asked field by field, a refused value asked again', async () => {
    const typed = ['maybe', '', 'high', 'yes'];
    const printed: string[] = [];
    const questions: string[] = [];
    const terminal: Terminal = {
      ask: async (question) => (questions.push(question), typed.shift() ?? ''),
      print: (line) => printed.push(line),
    };
    const result = await runMcpCli(['call', both.url, 'delete_file', '--args', '{"path":"/e"}'], context, { terminal });
    expect(result).toMatchObject({ exitCode: 0, stdout: 'Deleted /e\n' });
    expect(questions).toEqual([
      'confirm (Delete it?, boolean, required) — Tick to delete the file: ',
      'reason (Reason, string): ',
      'priority (Priority, string: low | high, default "low"): ',
      'confirm (Delete it?, boolean, required) — Tick to delete the file: ',
    ]);
    expect(printed[0]).toBe('The server asks: Delete /e?');
    expect(printed.some((line) => /^ {2}confirm: /.test(line))).toBe(true);
  });
});

describe('a URL, sampling, roots and logs', () => {
  it('a URL is printed with its domain and never opened; declined unless --elicit says otherwise', async () => {
    const declined = await runMcpCli(['call', both.url, 'sign_in_elsewhere', '--args', '{}'], context);
    expect(declined.stdout).toBe('url elicitation: decline\n');
    expect(declined.stderr).toContain(
      '  URL:    https://auth.example.com/connect?state=abc\n  Domain: auth.example.com\nThis client does not open it',
    );
    const accepted = await runMcpCli(
      ['call', both.url, 'sign_in_elsewhere', '--args', '{}', '--elicit', 'accept'],
      context,
    );
    expect(accepted.stdout).toBe('url elicitation: accept\n');
  });

  it('sampling declined unless --sampling-reply; roots none unless --root', async () => {
    const declined = await runMcpCli(['call', both.url, 'summarize', '--args', '{"topic":"MCP"}'], context);
    expect(declined).toMatchObject({
      exitCode: 1,
      stderr: expect.stringContaining('Sampling declined: this client has no model configured to answer it.'),
    });
    const answered = await runMcpCli(
      ['call', both.url, 'summarize', '--args', '{"topic":"MCP"}', '--sampling-reply', 'It is a protocol.'],
      context,
    );
    expect(answered.stdout).toBe('model tool-schemas-sampling-reply: It is a protocol.\n');
    expect((await runMcpCli(['call', both.url, 'show_roots', '--args', '{}'], context)).stdout).toBe('roots: []\n');
    expect(
      (
        await runMcpCli(
          ['call', both.url, 'show_roots', '--args', '{}', '--root', '/srv/app', '--root', 'file:///tmp'],
          context,
        )
      ).stdout,
    ).toBe('roots: ["file:///srv/app","file:///tmp"]\n');
  });

  it('--log-level prints the server log at that level and above', async () => {
    const lines: string[] = [];
    const original = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((chunk: string) => (lines.push(String(chunk)), true)) as typeof process.stderr.write;
    try {
      await runMcpCli(['call', both.url, 'log_steps', '--args', '{}', '--log-level', 'info'], context);
    } finally {
      process.stderr.write = original;
    }
    expect(lines.join('')).toBe('log info: step one\nlog warning: {"step":2,"note":"halfway"}\n');
  });
});

describe('mcp read and mcp prompt', () => {
  it('reads a resource, expands a template, and names a missing variable with completions', async () => {
    expect(await runMcpCli(['read', both.url, 'test://readme'], context)).toMatchObject({
      exitCode: 0,
      stdout: 'Hello from the v2 test server.\n',
    });
    expect((await runMcpCli(['read', both.url, 'test://logo.png'], context)).stdout).toBe(
      '[image/png, 8 bytes] test://logo.png\n',
    );
    const item = await runMcpCli(
      ['read', modernOnly.url, 'test://items/{name}{?detail}', '--var', 'name=apple', '--var', 'detail=full'],
      context,
    );
    expect(item.stdout).toBe('{"name":"apple","detail":"full"}\n');
    expect(item.stderr).toContain('read test://items/apple?detail=full\n');
    const missing = await runMcpCli(['read', both.url, 'test://items/{name}{?detail}'], context);
    expect(missing).toMatchObject({
      exitCode: 2,
      stderr:
        "--var: the template test://items/{name}{?detail} needs 'name' (give --var name=<value>); the server suggests: apple, apricot, banana, cherry\n",
    });
  });

  it('gets a prompt, and names a missing argument with the prompt arguments', async () => {
    expect(
      await runMcpCli(['prompt', both.url, 'greet', '--arg', 'name=Ada', '--arg', 'style=formal'], context),
    ).toMatchObject({ exitCode: 0, stdout: 'user: Greet Ada in a formal way.\n' });
    expect(await runMcpCli(['prompt', both.url, 'greet'], context)).toMatchObject({
      exitCode: 2,
      stderr:
        "--arg: the prompt 'greet' needs 'name' (give --arg name=<value>); its arguments: name (required); style\n",
    });
    expect(await runMcpCli(['prompt', both.url, 'farewell'], context)).toMatchObject({
      exitCode: 2,
      stderr: "prompt: 'farewell' is not among the server's prompts (greet)\n",
    });
  });
});

describe('mcp call --task in the modern era (the tasks extension)', () => {
  it('runs the tool as a task: a status line per change, then the result', async () => {
    const lines: string[] = [];
    const called = await runMcpCli(
      ['call', modernOnly.url, 'long_report', '--task', '--args', '{"topic":"tides","steps":3}'],
      context,
      { print: (line) => lines.push(line) },
    );
    expect(called).toMatchObject({ exitCode: 0, stdout: 'Report on tides: 3 steps done.\n' });
    expect(lines[0]).toMatch(
      // The time elapsed and the expiry count from when the call was sent: its round trip is gone at the first line.
      /^task [\w-]+: working — Step 1 of 3 \((\d+ ms|\d+\.\d s) elapsed, expires in (1 min 00 s|60\.0 s|5\d\.\d s)\)$/,
    );
    expect(lines.at(-1)).toMatch(/^task [\w-]+: completed — Report ready \(/);
    // The server pushes the task's status (subscriptions/listen): the lines after the first say so.
    expect(lines.at(-1)).toMatch(/; status pushed by the server\)$/);
  });

  it('cancels the task on Ctrl-C, and says what the server made of it', async () => {
    const lines: string[] = [];
    let interrupt: (() => void) | undefined;
    const called = await runMcpCli(
      ['call', both.url, 'long_report', '--task', '--args', '{"topic":"eels","steps":600}'],
      context,
      {
        onInterrupt: (handler) => {
          interrupt = handler;
          return () => (interrupt = undefined);
        },
        print: (line) => {
          lines.push(line);
          if (lines.length === 1) interrupt?.();
        },
      },
    );
    expect(called.exitCode).toBe(1);
    expect(called.stderr).toMatch(
      /task [\w-]+ was cancelled: the server was sent tasks\/cancel and reports it cancelled \(Cancelled at the client’s request\)\./,
    );
    expect(lines).toContain('Cancelling the task (tasks/cancel)…');
  });

  it('a task that asks for input is answered by --input, as a call that asks is', async () => {
    const lines: string[] = [];
    const called = await runMcpCli(
      ['call', modernOnly.url, 'long_report', '--task', '--args', '{"topic":"moss","steps":1,"confirm":true}'].concat([
        '--input',
        'go=true',
      ]),
      context,
      { print: (line) => lines.push(line) },
    );
    expect(called).toMatchObject({ exitCode: 0, stdout: 'Report on moss: 1 steps done.\n' });
    expect(lines[0]).toMatch(/^task [\w-]+: input_required — Waiting for confirmation \(/);
  });

  it('refuses --ttl, which the server of the extension chooses, and --task on a legacy session', async () => {
    expect(
      await runMcpCli(['call', both.url, 'long_report', '--task', '--ttl', '5000', '--args', '{"topic":"x"}'], context),
    ).toMatchObject({
      exitCode: 2,
      stderr: '--ttl: a server of the tasks extension chooses the ttl itself; it takes none from the client\n',
    });
    expect(
      await runMcpCli(
        ['call', both.url, 'long_report', '--era', 'legacy', '--task', '--args', '{"topic":"x"}'],
        context,
      ),
    ).toMatchObject({
      exitCode: 2,
      stderr:
        "--task: 'long_report' does not run as a task (its execution.taskSupport is not declared; the server declares no task-augmented tools/call (capabilities.tasks.requests.tools.call))\n",
    });
  });
});
