import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { parseArguments } from '../validation/json-text';
import { loadToolset, ToolsetLoadError, type ToolFile, type ToolsetProblem } from './load';
import { collectionProblems, orderToolsets, type ToolsetCollection } from './collection';
import type { ToolsetBundle } from './types';
import type { Validator } from '../validation/validator';

const MANIFEST_FILE_NAME = 'toolset.json';
/** The folder of earlier tool versions: `history/<tool>/<version>.json`. */
const HISTORY_FOLDER_NAME = 'history';

/** A path for messages: relative to the working directory when inside it, with forward slashes. */
function displayPath(path: string): string {
  const fromWorkingDirectory = relative(process.cwd(), path);
  const shown = fromWorkingDirectory && !fromWorkingDirectory.startsWith('..') ? fromWorkingDirectory : path;
  return shown.split(sep).join('/');
}

async function readJson(path: string, problems: ToolsetProblem[]): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    problems.push({ file: displayPath(path), pointer: '', message: `cannot be read: ${(error as Error).message}` });
    return undefined;
  }
  const parsed = parseArguments(text);
  if (parsed.ok) return parsed.value;
  // "line 3, column 5: expected ',' or '}'" rather than the engine's character offset.
  const reason = parsed.error.message.replace(/^Invalid JSON at /, '');
  problems.push({ file: displayPath(path), pointer: '', message: `is not valid JSON: ${reason}` });
  return undefined;
}

/**
 * Reads `<dir>/toolset.json` and every `*.json` in its category folders, then loads them (examples judged by `validator`).
 * Files in folders the manifest does not declare are passed on too, so they get reported.
 */
export async function loadToolsetFromDirectory(dir: string, validator: Validator): Promise<ToolsetBundle> {
  const problems: ToolsetProblem[] = [];
  const manifestPath = join(dir, MANIFEST_FILE_NAME);
  const manifestJson = await readJson(manifestPath, problems);

  const toolPaths: string[] = [];
  const historyPaths: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.isDirectory() && entry.name === HISTORY_FOLDER_NAME) {
      historyPaths.push(...(await historyFilePaths(join(dir, entry.name))));
    } else if (entry.isDirectory()) {
      const folder = join(dir, entry.name);
      for (const file of await readdir(folder, { withFileTypes: true })) {
        if (file.isFile() && file.name.endsWith('.json')) toolPaths.push(join(folder, file.name));
      }
    } else if (entry.isFile() && entry.name.endsWith('.json') && entry.name !== MANIFEST_FILE_NAME) {
      toolPaths.push(join(dir, entry.name));
    }
  }
  toolPaths.sort();

  const toolFiles: ToolFile[] = [];
  for (const path of toolPaths) {
    const json = await readJson(path, problems);
    if (json !== undefined) toolFiles.push({ path: displayPath(path), json });
  }
  const historyFiles: ToolFile[] = [];
  for (const path of historyPaths) {
    const json = await readJson(path, problems);
    if (json !== undefined) historyFiles.push({ path: displayPath(path), json });
  }
  if (problems.length > 0) throw new ToolsetLoadError(problems);
  return loadToolset(manifestJson, toolFiles, { validator, manifestPath: displayPath(manifestPath), historyFiles });
}

/** Every `history/<tool>/*.json`, sorted; stray files are passed on so the loader reports them. */
async function historyFilePaths(historyDirectory: string): Promise<string[]> {
  const paths: string[] = [];
  for (const entry of await readdir(historyDirectory, { withFileTypes: true })) {
    const path = join(historyDirectory, entry.name);
    if (!entry.isDirectory()) {
      paths.push(path);
      continue;
    }
    for (const file of await readdir(path, { withFileTypes: true })) {
      if (file.isFile()) paths.push(join(path, file.name));
    }
  }
  return paths.sort();
}

/**
 * Every toolset under `schemas/`: each folder holding a `toolset.json` (the meta-schemas' folder holds none).
 * Problems of every toolset are reported together, each naming its file.
 */
export async function loadCollectionFromDirectory(
  schemasDirectory: string,
  validator: Validator,
): Promise<ToolsetCollection> {
  const folders: string[] = [];
  for (const entry of await readdir(schemasDirectory, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const folder = join(schemasDirectory, entry.name);
    const names = await readdir(folder);
    if (names.includes(MANIFEST_FILE_NAME)) folders.push(folder);
  }
  folders.sort();
  const toolsets: ToolsetBundle[] = [];
  const problems: ToolsetProblem[] = [];
  for (const folder of folders) {
    try {
      toolsets.push(await loadToolsetFromDirectory(folder, validator));
    } catch (error) {
      if (error instanceof ToolsetLoadError) problems.push(...error.problems);
      else throw error;
    }
  }
  const collection: ToolsetCollection = { toolsets: orderToolsets(toolsets) };
  for (const message of collectionProblems(collection))
    problems.push({ file: displayPath(schemasDirectory), pointer: '', message });
  if (problems.length > 0) throw new ToolsetLoadError(problems);
  return collection;
}
