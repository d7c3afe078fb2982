/** Property: for arbitrary strings, the path policy never resolves outside the workspace. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pathViolation } from '../validation/path-formats';
import { normalizeWorkspacePath } from '../workspace/paths';
import { WORKSPACE_ROOT } from '../workspace/types';
import { createWorkspace } from '../workspace/workspace';

/** Strings built from the pieces traversal is spelled with, and arbitrary Unicode around them. */
const pathLike = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        '..',
        '.',
        '/',
        '\\',
        '%2e',
        '%2E%2e',
        '%2f',
        '%5c',
        '%252e',
        '\u2025',
        '\uff0e',
        '\uff0f',
        '\u0000',
        'workspace',
        '/workspace',
        '~',
        'C:',
        'etc',
        'passwd',
        ' ',
      ),
      fc.string({ unit: 'binary', maxLength: 6 }),
    ),
    { maxLength: 12 },
  )
  .map((parts) => parts.join(''));

const insideWorkspace = (absolute: string) => absolute === WORKSPACE_ROOT || absolute.startsWith(`${WORKSPACE_ROOT}/`);

describe('property: the path policy', () => {
  it('never resolves outside the workspace, and an accepted path has no .. left in it', () => {
    fc.assert(
      fc.property(fc.oneof(pathLike, fc.string({ unit: 'binary' })), (userPath) => {
        const result = normalizeWorkspacePath(userPath);
        if (!result.ok) {
          expect(result.reason.length).toBeGreaterThan(0);
          return;
        }
        expect(insideWorkspace(result.absolute)).toBe(true);
        expect(result.absolute.split('/')).not.toContain('..');
        expect(result.absolute).not.toContain('\u0000');
      }),
      { numRuns: 5000 },
    );
  });

  it('validation refuses exactly what the runtime policy refuses (workspace-path)', () => {
    fc.assert(
      fc.property(pathLike, (userPath) => {
        expect(pathViolation(userPath, 'workspace-path') === null).toBe(normalizeWorkspacePath(userPath).ok);
      }),
      { numRuns: 3000 },
    );
  });

  it('a workspace-relative path (PRFactory) is never absolute and never contains ..', () => {
    fc.assert(
      fc.property(pathLike, (userPath) => {
        if (pathViolation(userPath, 'workspace-relative-path') !== null) return;
        expect(userPath.trim().startsWith('/')).toBe(false);
        expect(userPath.split(/[\\/]+/)).not.toContain('..');
      }),
      { numRuns: 3000 },
    );
  });

  it('resolving through the workspace, symbolic links included, never lands outside it', async () => {
    const workspace = await createWorkspace();
    await workspace.writeText('src/app.ts', 'x');
    await workspace.fs.symlink('/etc', '/workspace/etc-link');
    await workspace.fs.symlink('../../..', '/workspace/src/up');
    await workspace.fs.symlink('src', '/workspace/source');
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(pathLike, fc.constantFrom('etc-link/passwd', 'src/up/etc', 'source/up/x', 'source/app.ts')),
        async (userPath) => {
          const resolved = await workspace.resolvePath(userPath, { parameter: 'path' });
          if (resolved.ok) expect(insideWorkspace(resolved.absolute)).toBe(true);
          else expect(resolved.error.message).toContain("Parameter 'path'");
        },
      ),
      { numRuns: 1500 },
    );
  });
});
