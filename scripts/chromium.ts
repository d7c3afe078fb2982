// The Chromium the browser tests and the benches drive: the system's (Playwright cannot download its own here), or
// CHROMIUM_PATH, started quiet, with no background fetches of its own (the machine's closed network refuses them).
import { existsSync } from 'node:fs';

export const chromiumPath: string | undefined =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((candidate) => existsSync(candidate));

export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
