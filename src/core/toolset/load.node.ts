import { readdir, readFile, stat } from 'node:fs/promises';
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

/**
 * What the files of a folder held when last read, by path, kept by a process that reads the folder again on each
 * save (site dev): a file whose size and modification time did not change is not read again, and its tool keeps its
 * parsed object, whose schema the validator has compiled already. Measured on a copy of schemas/acode (20 tools) on a
 * 2-core machine at a load average of 10-11, eight saves of one tool file: the folder read again took 42-503 ms
 * reading every file (reading and parsing them alone: 2-5 ms), 5-32 ms reading the changed one, with the meta-schemas
 * compiled once per process (load.ts).
 */
export type FolderReads = Map<string, { size: number; mtimeMs: number; json: unknown }>;

export interface FolderLoadOptions {
  /** The files as last read: only those changed since are read (the map is updated). */
  reads?: FolderReads;
}

async function readJson(path: string, problems: ToolsetProblem[], reads?: FolderReads): Promise<unknown> {
  let text: string;
  let seen: { size: number; mtimeMs: number } | undefined;
  try {
    if (reads) {
      const { size, mtimeMs } = await stat(path);
      const known = reads.get(path);
      if (known && known.size === size && known.mtimeMs === mtimeMs) return known.json;
      seen = { size, mtimeMs };
    }
    text = await readFile(path, 'utf8');
  } catch (error) {
    reads?.delete(path);
    problems.push({ file: displayPath(path), pointer: '', message: `cannot be read: ${(error as Error).message}` });
    return undefined;
  }
  const parsed = parseArguments(text);
  if (parsed.ok) {
    if (reads && seen) reads.set(path, { ...seen, json: parsed.value });
    return parsed.value;
  }
  reads?.delete(path);
  // "line 3, column 5: expected ',' or '}'" rather than the engine's character offset.
  const reason = parsed.error.message.replace(/^Invalid JSON at /, '');
  problems.push({ file: displayPath(path), pointer: '', message: `is not valid JSON: ${reason}` });
  return undefined;
}

/**
 * Reads `<dir>/toolset.json` and every `*.json` in its category folders, then loads them (examples judged by `validator`).
 * Files in folders the manifest does not declare are passed on too, so they get reported.
 */
export async function loadToolsetFromDirectory(
  dir: string,
  validator: Validator,
  { reads }: FolderLoadOptions = {},
): Promise<ToolsetBundle> {
  const problems: ToolsetProblem[] = [];
  const manifestPath = join(dir, MANIFEST_FILE_NAME);
  const manifestJson = await readJson(manifestPath, problems, reads);

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
  // A file no longer in the folder is let go.
  if (reads) {
    const listed = new Set([manifestPath, ...toolPaths, ...historyPaths]);
    const below = join(dir, sep);
    for (const path of [...reads.keys()]) if (path.startsWith(below) && !listed.has(path)) reads.delete(path);
  }

  const toolFiles: ToolFile[] = [];
  for (const path of toolPaths) {
    const json = await readJson(path, problems, reads);
    if (json !== undefined) toolFiles.push({ path: displayPath(path), json });
  }
  const historyFiles: ToolFile[] = [];
  for (const path of historyPaths) {
    const json = await readJson(path, problems, reads);
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
  options: FolderLoadOptions = {},
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
      toolsets.push(await loadToolsetFromDirectory(folder, validator, options));
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
