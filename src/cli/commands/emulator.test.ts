import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { emulatorSettings } from './emulator';

const bin = fileURLToPath(new URL('../../../bin/tool-schemas.js', import.meta.url));

describe('emulator settings', () => {
  it('takes a port and a scenario, with a free port and the calls scenario by default', () => {
    expect(emulatorSettings([])).toEqual({ port: 0, scenario: 'calls' });
    expect(emulatorSettings(['--port', '8080', '--scenario', 'agent'])).toEqual({ port: 8080, scenario: 'agent' });
  });

  it('names the parameter and the rule of bad input', () => {
    const stderr = (argv: string[]) => (emulatorSettings(argv) as { stderr: string }).stderr.split('\n')[0];
    expect(stderr(['--port', '70000'])).toBe("--port '70000': a whole number from 1 to 65535");
    expect(stderr(['--port', 'http'])).toBe("--port 'http': a whole number from 1 to 65535");
    expect(stderr(['--port', '0'])).toBe("--port '0': a whole number from 1 to 65535");
    expect(stderr(['--scenario', 'nope'])).toMatch(/^--scenario 'nope': one of text, calls, agent, compare/);
    expect(stderr(['--verbose'])).toBe('Unknown option: --verbose');
  });
});

/** Reads the child's stdout until the base URL is printed. */
function listening(child: ReturnType<typeof spawn>): Promise<{ url: string; output: () => string }> {
  let text = '';
  return new Promise((resolve, reject) => {
    child.stdout!.setEncoding('utf8');
    child.stdout!.on('data', (chunk: string) => {
      text += chunk;
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(text)?.[1];
      if (url && text.includes('Evals from the command line')) resolve({ url, output: () => text });
    });
    child.once('exit', (code) => reject(new Error(`the emulator exited (${code}) before listening: ${text}`)));
  });
}

const post = async (url: string, headers: Record<string, string>, body: unknown) => {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
};

describe('tool-schemas emulator', () => {
  it(
    'serves every provider on loopback, prints the base URL of each, and stops cleanly on Ctrl-C',
    { timeout: 60_000 },
    async () => {
      const child = spawn(process.execPath, [bin, 'emulator', '--scenario', 'calls'], {
        env: { ...process.env, NO_COLOR: '1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      try {
        const { url, output } = await listening(child);
        for (const line of [
          `OpenAI Chat Completions   ${url}/v1`,
          `Anthropic Messages        ${url}`,
          `Google Gemini             ${url}`,
          `OpenAI-compatible         ${url}/v1`,
        ])
          expect(output()).toContain(line);

        const message = (text: string) => [{ role: 'user', content: text }];
        const chat = await post(
          `${url}/v1/chat/completions`,
          { authorization: 'Bearer emulated' },
          { model: 'emulated-large', messages: message('Read the readme'), stream: true },
        );
        expect(chat.status).toBe(200);
        expect(chat.type).toContain('text/event-stream');
        expect(chat.text).toContain('"name":"read_file"');
        expect(chat.text).toContain('data: [DONE]');

        const responses = await post(
          `${url}/v1/responses`,
          { authorization: 'Bearer emulated' },
          { model: 'emulated-large', input: message('[agent] list the folder'), stream: true },
        );
        expect(responses.text).toContain('"name":"list_directory"');
        expect(responses.text).toContain('response.completed');

        const anthropic = await post(
          `${url}/v1/messages`,
          { 'x-api-key': 'emulated', 'anthropic-version': '2023-06-01' },
          { model: 'emulated-large', max_tokens: 100, messages: message('[text] hello'), stream: true },
        );
        expect(anthropic.text).toContain('event: message_stop');
        expect(anthropic.text).toContain('"type":"text_delta","text":"Hell"');

        const gemini = await post(
          `${url}/v1beta/models/emulated-large:streamGenerateContent?alt=sse`,
          { 'x-goog-api-key': 'emulated' },
          { contents: [{ role: 'user', parts: [{ text: 'Read it' }] }] },
        );
        expect(gemini.text).toContain('"functionCall"');

        const models = await fetch(`${url}/v1/models`, { headers: { authorization: 'Bearer emulated' } });
        expect(((await models.json()) as { data: { id: string }[] }).data.map((model) => model.id)).toEqual([
          'emulated-large',
          'emulated-small',
        ]);
        const refused = await post(
          `${url}/v1/chat/completions`,
          { authorization: 'Bearer wrong-key' },
          { model: 'emulated-large', messages: message('hi') },
        );
        expect(refused.status).toBe(401);

        child.kill('SIGINT');
        expect(await exited).toBe(0);
        expect(output()).toContain('Provider emulator stopped.');
        await expect(fetch(`${url}/v1/models`)).rejects.toThrow();
      } finally {
        if (child.exitCode === null) child.kill('SIGKILL');
      }
    },
  );
});
