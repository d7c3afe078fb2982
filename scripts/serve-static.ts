/** `tsx scripts/serve-static.ts [dir] [port]`: the built site under netlify.toml's headers (see static-host.ts). */
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import { createStaticHost, listen, loadHostConfig } from './static-host';

const projectRoot = resolve(fileURLToPath(new URL('..', import.meta.url)));
const directory = resolve(projectRoot, process.argv[2] ?? 'dist');
const port = Number(process.argv[3] ?? 4173);
const host = process.env.HOST ?? '127.0.0.1';

const url = await listen(createStaticHost(directory, loadHostConfig(projectRoot)), port, host);
console.log(`Serving ${directory} with netlify.toml's headers at ${url}`);
