/** Test helpers: the real schemas read from disk (Node only, tests only). */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ToolFile } from './load';

export const schemasDirectory = fileURLToPath(new URL('../../../schemas', import.meta.url));
export const acodeDirectory = `${schemasDirectory}/acode`;

export interface ToolsetFiles {
  manifest: Record<string, unknown>;
  tools: ToolFile[];
  /** Earlier versions: `history/<tool>/<version>.json`. */
  history: ToolFile[];
}

/** Fresh, mutable copies of the acode manifest and tool files, with repository-style paths. */
export function readAcodeFiles(): ToolsetFiles {
  const manifest = JSON.parse(readFileSync(`${acodeDirectory}/toolset.json`, 'utf8')) as Record<string, unknown>;
  const tools: ToolFile[] = [];
  const history: ToolFile[] = [];
  for (const folder of readdirSync(acodeDirectory, { withFileTypes: true })) {
    if (!folder.isDirectory()) continue;
    if (folder.name === 'history') {
      for (const tool of readdirSync(`${acodeDirectory}/history`).sort()) {
        for (const file of readdirSync(`${acodeDirectory}/history/${tool}`).sort()) {
          const path = `history/${tool}/${file}`;
          history.push({
            path: `schemas/acode/${path}`,
            json: JSON.parse(readFileSync(`${acodeDirectory}/${path}`, 'utf8')) as unknown,
          });
        }
      }
      continue;
    }
    for (const file of readdirSync(`${acodeDirectory}/${folder.name}`).sort()) {
      tools.push({
        path: `schemas/acode/${folder.name}/${file}`,
        json: JSON.parse(readFileSync(`${acodeDirectory}/${folder.name}/${file}`, 'utf8')) as unknown,
      });
    }
  }
  return { manifest, tools, history };
}

/** Every *.json below a directory, as paths relative to it. */
export function listJsonFiles(directory: string, prefix = ''): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const relativePath = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return listJsonFiles(`${directory}/${entry.name}`, relativePath);
    return entry.name.endsWith('.json') ? [relativePath] : [];
  });
}
