/** Node entry point: reads the bundle and standard input, runs the command, writes its output. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ToolsetBundle } from '../core/toolset/types';
import { runCli } from './run';
import { shouldColor } from './style';

const BUNDLE_URL = new URL('../generated/bundle.json', import.meta.url);

const loadBundle = (): ToolsetBundle | { error: string } => {
  try {
    return JSON.parse(readFileSync(fileURLToPath(BUNDLE_URL), 'utf8')) as ToolsetBundle;
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    return {
      error: missing
        ? 'The toolset bundle (src/generated/bundle.json) is missing. Run `npm run bundle` first.'
        : `The toolset bundle (src/generated/bundle.json) could not be read: ${(error as Error).message}. Run \`npm run bundle\` to rebuild it.`,
    };
  }
};

const readStdin = (): string | undefined => {
  if (process.stdin.isTTY) return undefined;
  try {
    return readFileSync(0, 'utf8');
  } catch {
    return undefined;
  }
};

const result = runCli(process.argv.slice(2), {
  bundle: loadBundle(),
  color: shouldColor(process.stdout.isTTY, process.env.NO_COLOR),
  stdin: readStdin,
});
if (result.stdout) process.stdout.write(result.stdout);
if (result.stderr) process.stderr.write(result.stderr.endsWith('\n') ? result.stderr : `${result.stderr}\n`);
process.exitCode = result.exitCode;
