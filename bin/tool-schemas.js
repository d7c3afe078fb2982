#!/usr/bin/env node
// Runs the prebuilt CLI in this process when it is current (see prebuilt.js); otherwise the TypeScript
// sources through tsx, resolved from this package so it works from any directory and on a fresh clone.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { prebuiltCli, SOURCE_ENTRY } from './prebuilt.js';

const built = process.env.TOOL_SCHEMAS_FROM_SOURCE === '1' ? null : prebuiltCli(new URL('../', import.meta.url));
if (built) {
  await import(built.href);
} else {
  const mainScript = fileURLToPath(new URL(`../${SOURCE_ENTRY}`, import.meta.url));
  if (!existsSync(mainScript)) {
    process.stderr.write(
      'tool-schemas: this package has neither its built CLI (src/generated/tool-schemas-cli.mjs) nor its sources; reinstall it.\n',
    );
    process.exit(2);
  }
  let tsxLoader;
  try {
    tsxLoader = import.meta.resolve('tsx');
  } catch {
    process.stderr.write('tool-schemas needs the tsx package; run `npm install` in the project first.\n');
    process.exit(2);
  }

  const child = spawn(process.execPath, ['--import', tsxLoader, mainScript, ...process.argv.slice(2)], {
    stdio: 'inherit',
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('error', (error) => {
    process.stderr.write(`tool-schemas could not start: ${error.message}\n`);
    process.exit(2);
  });
  child.on('exit', (code, signal) => {
    if (signal) process.kill(process.pid, signal);
    else process.exit(code ?? 1);
  });
}
