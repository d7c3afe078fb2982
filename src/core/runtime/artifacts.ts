/**
 * Artifacts as the runtime model describes them: a file's MIME type from its name, a hash of its content,
 * and when it was recorded. The service fills these in after a call, from the workspace as it is then.
 */
import type { Workspace } from '../workspace/types';
import { WORKSPACE_ROOT } from '../workspace/types';
import type { ToolArtifact } from './types';

const MIME_TYPES: Record<string, string> = {
  txt: 'text/plain',
  md: 'text/markdown',
  json: 'application/json',
  js: 'text/javascript',
  mjs: 'text/javascript',
  cjs: 'text/javascript',
  ts: 'text/x-typescript',
  tsx: 'text/x-typescript',
  jsx: 'text/javascript',
  css: 'text/css',
  html: 'text/html',
  htm: 'text/html',
  xml: 'application/xml',
  yaml: 'application/yaml',
  yml: 'application/yaml',
  csv: 'text/csv',
  py: 'text/x-python',
  cs: 'text/x-csharp',
  csproj: 'application/xml',
  sln: 'text/plain',
  sh: 'application/x-sh',
  toml: 'application/toml',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  zip: 'application/zip',
  gz: 'application/gzip',
  wasm: 'application/wasm',
  log: 'text/plain',
  diff: 'text/x-diff',
  patch: 'text/x-diff',
};

/** The MIME type a file's name suggests; application/octet-stream when unknown. */
export function mimeTypeOf(path: string): string {
  const name = path.split('/').pop() ?? '';
  const dot = name.lastIndexOf('.');
  if (dot <= 0)
    return name.toLowerCase() === 'dockerfile' || name.toLowerCase() === 'makefile'
      ? 'text/plain'
      : 'application/octet-stream';
  return MIME_TYPES[name.slice(dot + 1).toLowerCase()] ?? 'application/octet-stream';
}

/** `sha256:` and the hex digest (Web Crypto, in the page, workers and Node alike). */
export async function contentHash(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));
  return `sha256:${Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

/** Each artifact with its timestamp, and for files still there, size, MIME type and content hash. */
export async function enrichArtifacts(
  workspace: Workspace,
  artifacts: ToolArtifact[],
  timestamp: number,
): Promise<ToolArtifact[]> {
  return Promise.all(
    artifacts.map(async (artifact) => {
      const enriched: ToolArtifact = { ...artifact, timestamp: artifact.timestamp ?? timestamp };
      if (artifact.type !== 'file') return enriched;
      enriched.mimeType = artifact.mimeType ?? mimeTypeOf(artifact.path);
      if (artifact.change === 'deleted') return enriched;
      try {
        const bytes = await workspace.fs.readFileBuffer(`${WORKSPACE_ROOT}/${artifact.path}`);
        enriched.size = artifact.size ?? bytes.length;
        enriched.contentHash = await contentHash(bytes);
      } catch {
        /* gone again (a later step removed it): no hash to give */
      }
      return enriched;
    }),
  );
}
