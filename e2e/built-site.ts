/**
 * A site written by `tool-schemas site build`, run by the CLI from the sources, and served as a static host serves it
 * (scripts/static-host.ts, netlify.toml's headers).
 */
import { spawnSync } from 'node:child_process';
import type { Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import { createStaticHost, listen, loadHostConfig } from '../scripts/static-host';

const projectRoot = fileURLToPath(new URL('..', import.meta.url));

/** Runs `tool-schemas site build ARGS --out OUT`; throws with the command's error output when it fails. */
export function buildSite(args: readonly string[], out: string): void {
  const built = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'src/cli/main.ts', 'site', 'build', ...args, '--out', out],
    { cwd: projectRoot, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } },
  );
  if (built.status !== 0) throw new Error(`site build failed (${built.status}):\n${built.stderr}`);
}

/** The folder served on `port`, with the site's headers; its address. */
export async function serveSite(out: string, port: number): Promise<{ server: Server; url: string }> {
  const server = createStaticHost(out, loadHostConfig(projectRoot));
  return { server, url: await listen(server, port) };
}
