// `site build` at scale: a 1,000-tool toolset (the real servers' tools of the audit corpus, repeated with new names)
// against the bundled toolsets (schemas/), each built by the CLI in a process of its own, as a user runs it: wall
// time, the process's peak memory, and time per tool. Aims: at most 2 minutes and 1.5 GB for 1,000 tools. Then both
// sites in Chromium (bench-site-pages.ts): a tool page's weight and the search dialog's first results, the 1,000-tool
// site against the bundled one; aims: the tool page's budget (200 KB of JavaScript, gzip) and search in 100 ms.
// Run alone with `tsx scripts/bench-site-build.ts`.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { measureSitePages } from './bench-site-pages';
import { loadHostConfig } from './static-host';

const projectRoot = fileURLToPath(new URL('..', import.meta.url));
const corpusDirectory = join(projectRoot, 'src/core/audit/corpus');
const TOOLS = 1000;

/** MCP tools/list of TOOLS tools: the corpus's tools in turn, each copy renamed `<name>_<n>`. */
export function scaledToolsList(count = TOOLS): { tools: unknown[] } {
  const real = readdirSync(corpusDirectory)
    .filter((file) => file.endsWith('.json') && !file.startsWith('expected-'))
    .flatMap(
      (file) =>
        (JSON.parse(readFileSync(join(corpusDirectory, file), 'utf8')) as { tools?: { name: string }[] }).tools ?? [],
    );
  return {
    tools: Array.from({ length: count }, (_, index) => ({
      ...real[index % real.length]!,
      name: `${real[index % real.length]!.name}_${index}`,
    })),
  };
}

/**
 * One `site build` in its own process; its wall time and peak resident memory (Node's own figure, at exit). With
 * `-e`, the first argument stands where a script's path would (the CLI reads its arguments from the second on).
 */
function build(
  inputs: string[],
  out: string,
  extra: string[] = [],
): Promise<{ seconds: number; cpuSeconds: number; peakMb: number; stdout: string }> {
  const entry = `process.on('exit', () => { const usage = process.resourceUsage(); process.stderr.write('peak-rss-kb ' + usage.maxRSS + ' cpu-us ' + (usage.userCPUTime + usage.systemCPUTime) + '\\n'); }); await import(${JSON.stringify(pathToFileURL(join(projectRoot, 'src/cli/main.ts')).href)});`;
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        entry,
        'bench-site-build',
        'site',
        'build',
        ...inputs,
        '--out',
        out,
        ...extra,
      ],
      { cwd: projectRoot, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('close', (code) => {
      const seconds = (performance.now() - started) / 1000;
      const peak = /peak-rss-kb (\d+) cpu-us (\d+)/.exec(stderr);
      if (code !== 0 || !peak) reject(new Error(`site build failed (${code}): ${stderr.slice(0, 400)}`));
      else
        resolve({
          seconds: Number(seconds.toFixed(1)),
          cpuSeconds: Number((Number(peak[2]) / 1e6).toFixed(1)),
          peakMb: Math.round(Number(peak[1]) / 1024),
          stdout: stdout.trim(),
        });
    });
  });
}

export async function benchSiteBuild(): Promise<object> {
  const work = mkdtempSync(join(tmpdir(), 'bench-site-build-'));
  try {
    const bundled = await build([join(projectRoot, 'schemas')], join(work, 'bundled'), ['--allow-refused']);
    const bundledTools = Number(/for (\d+) tools?/.exec(bundled.stdout)?.[1] ?? 0);
    const file = join(work, 'scaled-tools.json');
    const list = scaledToolsList();
    writeFileSync(file, JSON.stringify(list));
    const scaled = await build([file], join(work, 'scaled'), ['--allow-refused']);
    const scaledTools = Number(/for (\d+) tools?/.exec(scaled.stdout)?.[1] ?? 0);
    const perTool = (run: typeof bundled, tools: number) => ({
      tools,
      seconds: run.seconds,
      cpuSeconds: run.cpuSeconds,
      peakMb: run.peakMb,
      msPerTool: Math.round((run.seconds * 1000) / tools),
      cpuMsPerTool: Math.round((run.cpuSeconds * 1000) / tools),
    });
    const [small, large] = [perTool(bundled, bundledTools), perTool(scaled, scaledTools)];
    // The last copy of read_file, near the end of the list, beside the bundled read_file: searched for by its name.
    const farTool = (list.tools as { name: string }[]).findLast((tool) => /^read_file_\d+$/.test(tool.name))!.name;
    const pages = await measureSitePages(
      { directory: join(work, 'scaled'), tool: farTool, query: farTool },
      { directory: join(work, 'bundled'), tool: 'read_file', query: 'read_file' },
      loadHostConfig(projectRoot),
    );
    return {
      bundled: small,
      scaled: large,
      // Above 1, a tool of the large site costs more than one of the bundled site's (a per-site cost shared by fewer tools makes it less).
      perToolRatio: {
        wall: Number((large.msPerTool / small.msPerTool).toFixed(2)),
        cpu: Number((large.cpuMsPerTool / small.cpuMsPerTool).toFixed(2)),
      },
      // The wall time counts the other processes of a shared machine; the CPU time is the build's own.
      loadAverage: Number(loadavg()[0]!.toFixed(1)),
      aim: { seconds: 120, peakMb: 1536 },
      met: scaled.seconds <= 120 && scaled.peakMb <= 1536,
      pages,
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  console.log(JSON.stringify(await benchSiteBuild(), null, 2));
