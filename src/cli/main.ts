/** Node entry point: reads the bundle and standard input, runs the command, writes its output. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadCliBundle } from './bundle.node.js';
import { runCli } from './run';
import { shouldColor } from './style';

const readStdin = (): string | undefined => {
  if (process.stdin.isTTY) return undefined;
  try {
    return readFileSync(0, 'utf8');
  } catch {
    return undefined;
  }
};

const bundle = await loadCliBundle({
  bundleFile: fileURLToPath(new URL('../generated/bundle.json', import.meta.url)),
  schemasDirectory: fileURLToPath(new URL('../../schemas/', import.meta.url)),
  toolsetDirectory: fileURLToPath(new URL('../../schemas/acode/', import.meta.url)),
});
const result = runCli(process.argv.slice(2), {
  bundle,
  color: shouldColor(process.stdout.isTTY, process.env.NO_COLOR),
  stdin: readStdin,
});
if (result.stdout) process.stdout.write(result.stdout);
if (result.stderr) process.stderr.write(result.stderr.endsWith('\n') ? result.stderr : `${result.stderr}\n`);
process.exitCode = result.exitCode;
