// `site build` at scale: a 1,000-tool toolset (the real servers' tools of the audit corpus, repeated with new names)
// against the bundled toolsets (schemas/), each built by the CLI in a process of its own, as a user runs it: wall
// time, the process's peak memory, and time per tool. Aims: at most 2 minutes and 1.5 GB for 1,000 tools.
// Run alone with `tsx scripts/bench-site-build.ts`.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const projectRoot = fileURLToPath(new URL('..', import.meta.url));
const corpusDirectory = join(projectRoot, 'src/core/audit/corpus');
const TOOLS = 1000;

/** MCP tools/list of TOOLS tools: the corpus's tools in turn, each copy renamed `<name>_<n>`. */
export function scaledToolsList(count = TOOLS): { tools: unknown[] } {
  const real = readdirSync(corpusDirectory)
    .filter((file) => file.endsWith('.json') && !file.startsWith('expected-'))
    .flatMap((file) => (JSON.parse(readFileSync(join(corpusDirectory, file), 'utf8')) as { tools?: { name: string }[] }).tools ?? []);
  return { tools: Array.from({ length: count }, (_, index) => ({ ...real[index % real.length]!, name: `${real[index % real.length]!.name}_${index}` })) };
}

/**
 * One `site build` in its own process; its wall time and peak resident memory (Node's own figure, at exit). With
 * `-e`, the first argument stands where a script's path would (the CLI reads its arguments from the second on).
 */
function build(inputs: string[], out: string, extra: string[] = []): Promise<{ seconds: number; peakMb: number; stdout: string }> {
  const entry = `process.on('exit', () => process.stderr.write('peak-rss-kb ' + process.resourceUsage().maxRSS + '\\n')); await import(${JSON.stringify(pathToFileURL(join(projectRoot, 'src/cli/main.ts')).href)});`;
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', entry, 'bench-site-build', 'site', 'build', ...inputs, '--out', out, ...extra], { cwd: projectRoot, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('close', (code) => {
      const seconds = (performance.now() - started) / 1000;
      const peak = /peak-rss-kb (\d+)/.exec(stderr);
      if (code !== 0 || !peak) reject(new Error(`site build failed (${code}): ${stderr.slice(0, 400)}`));
      else resolve({ seconds: Number(seconds.toFixed(1)), peakMb: Math.round(Number(peak[1]) / 1024), stdout: stdout.trim() });
    });
  });
}

export async function benchSiteBuild(): Promise<object> {
  const work = mkdtempSync(join(tmpdir(), 'bench-site-build-'));
  try {
    const bundled = await build([join(projectRoot, 'schemas')], join(work, 'bundled'), ['--allow-refused']);
    const bundledTools = Number(/for (\d+) tools?/.exec(bundled.stdout)?.[1] ?? 0);
    const file = join(work, 'scaled-tools.json');
    writeFileSync(file, JSON.stringify(scaledToolsList()));
    const scaled = await build([file], join(work, 'scaled'), ['--allow-refused']);
    const scaledTools = Number(/for (\d+) tools?/.exec(scaled.stdout)?.[1] ?? 0);
    return {
      bundled: { tools: bundledTools, seconds: bundled.seconds, peakMb: bundled.peakMb, msPerTool: Math.round((bundled.seconds * 1000) / bundledTools) },
      scaled: { tools: scaledTools, seconds: scaled.seconds, peakMb: scaled.peakMb, msPerTool: Math.round((scaled.seconds * 1000) / scaledTools) },
      aim: { seconds: 120, peakMb: 1536 },
      met: scaled.seconds <= 120 && scaled.peakMb <= 1536,
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) console.log(JSON.stringify(await benchSiteBuild(), null, 2));
