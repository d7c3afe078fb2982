/**
 * ApplyDiff: apply a unified diff (git diff or diff -u) with the `diff` library. Every hunk of every
 * file must apply, or nothing is written; the new contents are then swapped in together (atomic).
 */
import { applyPatch, parsePatch, type StructuredPatch } from 'diff';
import type { PrecheckContext, ToolArtifact, ToolImplementation, ToolOutcome } from '../../../runtime/types';
import { booleanArg, fail, missingDirectories, parentOf, relativeOf, stringArg, succeed } from '../../support/handler';
import { validatePath } from '../path-validator';
import { writeAllAtomically } from './atomic';
import { WRITE_LIMIT_BYTES } from './write_file';

interface FileChange {
  relative: string;
  absolute: string;
  change: 'created' | 'modified' | 'deleted';
  content: string;
  additions: number;
  deletions: number;
}

type Plan = { ok: true; changes: FileChange[] } | { ok: false; outcome: ToolOutcome };

/** `a/src/x.ts` → `src/x.ts`; `/dev/null` → null. */
function patchPath(name: string | undefined): string | null {
  if (!name || name === '/dev/null') return null;
  const clean = name.split('\t')[0]!.trim();
  return /^[ab]\//.test(clean) ? clean.slice(2) : clean;
}

async function plan(args: Record<string, unknown>, context: PrecheckContext): Promise<Plan> {
  const refuse = (outcome: ToolOutcome): Plan => ({ ok: false, outcome });
  let patches: StructuredPatch[];
  try {
    patches = parsePatch(stringArg(args, 'diff'));
  } catch (error) {
    return refuse(
      fail(
        'patch_failed',
        `Parameter 'diff': not a unified diff: ${error instanceof Error ? error.message : String(error)}`,
      ),
    );
  }
  patches = patches.filter((patch) => patch.hunks.length > 0 || patch.oldFileName || patch.newFileName);
  if (patches.length === 0)
    return refuse(
      fail(
        'patch_failed',
        `Parameter 'diff': no file changes found; give a unified diff with ---/+++ headers and @@ hunks`,
      ),
    );

  const { fs } = context.workspace;
  const changes: FileChange[] = [];
  const seen = new Set<string>();
  for (const [index, patch] of patches.entries()) {
    const oldPath = patchPath(patch.oldFileName);
    const newPath = patchPath(patch.newFileName);
    const path = newPath ?? oldPath;
    if (!path) return refuse(fail('patch_failed', `Parameter 'diff': file ${index + 1} names no path`));
    const resolved = await validatePath(context.workspace, path, { parameter: 'diff', forWrite: true });
    if (!resolved.ok) return resolved;
    if (seen.has(resolved.relative))
      return refuse(
        fail('patch_failed', `Parameter 'diff': '${resolved.relative}' appears twice; give each file once`),
      );
    seen.add(resolved.relative);
    const exists = await fs.exists(resolved.absolute);
    if (oldPath === null && exists)
      return refuse(
        fail('patch_failed', `Parameter 'diff': '${resolved.relative}' is created by the diff but already exists`),
      );
    if (oldPath !== null && !exists)
      return refuse(
        fail('patch_failed', `Parameter 'diff': '${resolved.relative}' does not exist, so its hunks cannot apply`),
      );
    const original = exists ? await fs.readFile(resolved.absolute) : '';
    const patched = applyPatch(original, patch);
    if (patched === false) {
      const hunk =
        patch.hunks.find((candidate) => applyPatch(original, { ...patch, hunks: [candidate] }) === false) ??
        patch.hunks[0];
      const where = hunk
        ? `the hunk at line ${hunk.oldStart} (@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@)`
        : 'a hunk';
      return refuse(
        fail(
          'patch_failed',
          `Parameter 'diff': ${where} of '${resolved.relative}' does not match the file; nothing was changed`,
          undefined,
          [
            `Read the file with ReadFile {"filePath": "${resolved.relative}"} and make the diff against its current content`,
          ],
        ),
      );
    }
    if (new TextEncoder().encode(patched).length > WRITE_LIMIT_BYTES) {
      return refuse(
        fail(
          'file_too_large',
          `Parameter 'diff': '${resolved.relative}' would exceed the ${WRITE_LIMIT_BYTES} byte limit`,
        ),
      );
    }
    let additions = 0;
    let deletions = 0;
    for (const line of patch.hunks.flatMap((candidate) => candidate.lines)) {
      if (line.startsWith('+')) additions += 1;
      else if (line.startsWith('-')) deletions += 1;
    }
    const change = newPath === null ? 'deleted' : exists ? 'modified' : 'created';
    changes.push({
      relative: resolved.relative,
      absolute: resolved.absolute,
      change,
      content: patched,
      additions,
      deletions,
    });
  }
  return { ok: true, changes };
}

export const tool: ToolImplementation = {
  name: 'ApplyDiff',

  summarize(args) {
    const files = stringArg(args, 'diff').match(/^\+\+\+ /gm)?.length ?? 0;
    return `${booleanArg(args, 'dryRun', false) ? 'Check' : 'Apply'} a diff to ${files} file${files === 1 ? '' : 's'}`;
  },

  async precheck(args, context) {
    const result = await plan(args, context);
    return result.ok ? null : result.outcome;
  },

  async run(args, context) {
    const result = await plan(args, context);
    if (!result.ok) return result.outcome;
    const { changes } = result;
    const summary = changes
      .map((change) => `${change.relative} (+${change.additions} -${change.deletions})`)
      .join(', ');
    if (booleanArg(args, 'dryRun', false)) {
      return succeed(
        {
          kind: 'output',
          text: summary,
          facts: [
            { label: 'Files', value: String(changes.length) },
            { label: 'Dry run', value: 'nothing written' },
          ],
        },
        `The diff applies cleanly to ${changes.length} file(s): ${summary}`,
      );
    }
    const { fs } = context.workspace;
    const artifacts: ToolArtifact[] = [];
    for (const change of changes.filter((candidate) => candidate.change === 'created')) {
      for (const directory of await missingDirectories(fs, parentOf(change.absolute))) {
        await fs.mkdir(directory, { recursive: true });
        artifacts.push({ type: 'directory', change: 'created', path: relativeOf(directory) });
      }
    }
    await writeAllAtomically(
      fs,
      changes
        .filter((change) => change.change !== 'deleted')
        .map((change) => ({ target: change.absolute, content: change.content })),
    );
    for (const change of changes.filter((candidate) => candidate.change === 'deleted')) await fs.rm(change.absolute);
    for (const change of changes) artifacts.push({ type: 'file', change: change.change, path: change.relative });
    return succeed(
      { kind: 'output', text: summary, facts: [{ label: 'Files', value: String(changes.length) }] },
      `Applied the diff to ${changes.length} file(s): ${summary}`,
      artifacts,
    );
  },
};
