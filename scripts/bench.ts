// `npm run bench`: every promised figure, measured and printed as JSON next to its aim.
// Every suite validates as the CLI does: schemas without a generated validator are compiled on demand.
import { existsSync } from 'node:fs';

interface BenchSuite {
  name: string;
  module: string;
  exportName: string;
}

const suites: BenchSuite[] = [
  { name: 'validation', module: './bench-validation.ts', exportName: 'benchValidation' },
  { name: 'workspace', module: './bench-workspace.ts', exportName: 'benchWorkspace' },
  { name: 'tools', module: './bench-tools.ts', exportName: 'benchTools' },
  { name: 'analysis', module: './bench-analysis.ts', exportName: 'benchAnalysis' },
  { name: 'page', module: './bench-page.ts', exportName: 'benchPage' },
  { name: 'editor', module: './bench-editor.ts', exportName: 'benchEditor' },
  { name: 'import', module: './bench-import.ts', exportName: 'benchImport' },
  { name: 'calls', module: './bench-calls.ts', exportName: 'benchCalls' },
  { name: 'call-store', module: './bench-call-store.ts', exportName: 'benchCallStore' },
  { name: 'evolution', module: './bench-evolution.ts', exportName: 'benchEvolution' },
  { name: 'embed', module: './bench-embed.ts', exportName: 'benchEmbed' },
  { name: 'regex', module: './bench-regex.ts', exportName: 'benchRegex' },
  { name: 'models', module: './bench-models.ts', exportName: 'benchModels' },
  { name: 'evals', module: './bench-evals.ts', exportName: 'benchEvals' },
  { name: 'evals-page', module: './bench-evals-page.ts', exportName: 'benchEvalsPage' },
  { name: 'mcp', module: './bench-mcp.ts', exportName: 'benchMcp' },
  { name: 'models-page', module: './bench-models-page.ts', exportName: 'benchModelsPage' },
  { name: 'mcp-import', module: './bench-mcp-import.ts', exportName: 'benchMcpImport' },
  { name: 'toolset-scale', module: './bench-toolset-scale.ts', exportName: 'benchToolsetScale' },
  { name: 'site-build', module: './bench-site-build.ts', exportName: 'benchSiteBuild' },
  { name: 'site-dev', module: './bench-site-dev.ts', exportName: 'benchSiteDev' },
  { name: 'hostile', module: './bench-hostile.ts', exportName: 'benchHostile' },
  { name: 'lighthouse', module: './bench-lighthouse.ts', exportName: 'benchLighthouse' },
];

const only = process.argv.slice(2);
const report: Record<string, unknown> = { measuredAt: new Date().toISOString() };

for (const suite of suites) {
  if (only.length > 0 && !only.includes(suite.name)) continue;
  if (!existsSync(new URL(suite.module, import.meta.url))) continue;
  try {
    const loaded = (await import(suite.module)) as Record<string, () => Promise<unknown>>;
    report[suite.name] = await loaded[suite.exportName]();
  } catch (error) {
    report[suite.name] = { error: (error instanceof Error ? error.message : String(error)).slice(0, 600) };
  }
}

console.log(JSON.stringify(report, null, 2));
