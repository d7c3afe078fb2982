import { spawn, type ChildProcess } from 'node:child_process';

export interface StartedBridge {
  bridge: ChildProcess;
  url: string;
  token: string;
}

/** `tool-schemas mcp bridge` in front of a stdio server, for a page at `origin`: the URL and token it prints. */
export async function startBridge(origin: string, server: readonly string[]): Promise<StartedBridge> {
  const bridge: ChildProcess = spawn(
    process.execPath,
    ['bin/tool-schemas.js', 'mcp', 'bridge', '--origin', origin, '--', ...server],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  try {
    const printed = await new Promise<{ url: string; token: string }>((resolve, reject) => {
      let text = '';
      const onData = (chunk: Buffer) => {
        text += chunk.toString();
        const url = /at (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(text)?.[1];
        const token = /Authorization: Bearer (\S+)/.exec(text)?.[1];
        if (url && token) resolve({ url, token });
      };
      bridge.stderr!.on('data', onData);
      bridge.stdout!.on('data', onData);
      bridge.once('exit', (code) => reject(new Error(`the bridge exited (${code}): ${text}`)));
    });
    return { bridge, ...printed };
  } catch (error) {
    bridge.kill();
    throw error;
  }
}
