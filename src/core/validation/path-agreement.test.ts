import { createCompilingValidator } from './compile';
/**
 * Validation and runtime must agree: what a path format accepts the runtime accepts,
 * and the reverse. Both are driven with the same generated paths: the format (through the validator, as
 * every surface calls it) against the runtime's own check (the workspace's resolvePath for Acode tools,
 * PRFactory's PathValidator for its tools), in a real workspace.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { validatePath } from '../tools/prfactory/path-validator';
import { collection } from '../toolset/bundle';
import type { ToolDefinition } from '../toolset/types';
import { createWorkspace, type WorkspaceImpl } from '../workspace/workspace';
import { pathProblem, pathProblemInFull, pathRemarks, pathRemarksInFull, plainPathKind } from './path-formats';
import { toLlmContext } from './result';

// The validator these tests check with: schemas compiled on demand, as the CLI does.
const validator = createCompilingValidator();

const tool = (name: string): ToolDefinition =>
  collection.toolsets.flatMap((toolset) => toolset.tools).find((candidate) => candidate.name === name)!;

/** Pieces paths are made of, hostile ones included: traversal, encodings, look-alikes, drives, blanks, NUL. */
const PIECES = [
  'a',
  'src',
  'README.md',
  'x.pem',
  '.env',
  'con',
  'id_rsa',
  '.git',
  '..',
  '.',
  '/',
  '//',
  '\\',
  '%2e',
  '%2f',
  '%25',
  '%00',
  '~',
  'C:',
  ' ',
  '\t',
  '\u0000',
  '\u00a0',
  '\u2025',
  '\uff0e',
  '\uff0f',
  '/workspace',
  'notes..txt',
  'é',
  '-',
  '_',
];
const paths = fc.array(fc.constantFrom(...PIECES), { maxLength: 6 }).map((parts) => parts.join(''));

let workspace: WorkspaceImpl;
beforeAll(async () => {
  workspace = await createWorkspace();
});

const pathErrors = (name: string, parameter: string, value: string) =>
  validator
    .validate(tool(name), { ...(tool(name).examples[0]!.arguments as object), [parameter]: value })
    .errors.filter((error) => error.parameter === parameter);

describe('the path formats and the runtime agree on every generated path', () => {
  it('workspace-path (read_file) accepts exactly what the workspace resolves', async () => {
    await fc.assert(
      fc.asyncProperty(paths, async (value) => {
        const runtime = await workspace.resolvePath(value, { parameter: 'path' });
        const errors = pathErrors('read_file', 'path', value);
        expect(errors.length === 0, JSON.stringify(value)).toBe(runtime.ok);
      }),
      { numRuns: 3000 },
    );
  });

  it('workspace-relative-path (ReadFile) accepts exactly what PRFactory’s PathValidator accepts', async () => {
    await fc.assert(
      fc.asyncProperty(paths, async (value) => {
        const runtime = await validatePath(workspace, value, { parameter: 'filePath' });
        const errors = pathErrors('ReadFile', 'filePath', value);
        expect(errors.length === 0, JSON.stringify(value)).toBe(runtime.ok);
      }),
      { numRuns: 3000 },
    );
  });

  it('the plain-path shortcut gives the verdicts and remarks of the full check', () => {
    fc.assert(
      fc.property(paths, (value) => {
        for (const format of ['workspace-path', 'workspace-relative-path'])
          expect(pathProblem(value, format)).toEqual(pathProblemInFull(value, format));
        expect(pathRemarks('p', value)).toEqual(pathRemarksInFull('p', value));
        if (plainPathKind(value) === 1) expect(pathRemarksInFull('p', value)).toEqual([]);
      }),
      { numRuns: 5000 },
    );
  });
});

describe('the plain-path memo', () => {
  it('lets nothing through on the first check of a fresh module: "/" is outside the workspace', async () => {
    vi.resetModules();
    const fresh = await import('./path-formats');
    expect(fresh.pathProblem('/', 'workspace-path')).toEqual({
      code: 'path_outside_workspace',
      reason: 'path is outside the workspace',
    });
  });
});

describe('the documented path cases', () => {
  it('an empty or blank path is invalid_value "Path cannot be empty", and the runtime refuses it too', async () => {
    for (const value of ['', '   ', '\t']) {
      const result = validator.validate(tool('read_file'), { path: value });
      expect(result.valid).toBe(false);
      expect(result.errors).toEqual([
        expect.objectContaining({
          parameter: 'path',
          code: 'invalid_value',
          message: "Parameter 'path': Path cannot be empty",
        }),
      ]);
      const resolved = await workspace.resolvePath(value, { parameter: 'path' });
      // The same rule, the same code, where the runtime refuses it.
      expect(resolved.ok ? null : resolved.error.code).toBe('invalid_value');
    }
    expect(toLlmContext(validator.validate(tool('read_file'), { path: '' }))).toBe(
      'Parameter validation failed:\n- path: Path cannot be empty\n  Expected: A non-empty path\n',
    );
  });

  it("PRFactory's `notes..txt` and empty path are refused by both", async () => {
    expect(pathErrors('ReadFile', 'filePath', 'notes..txt')).toEqual([
      expect.objectContaining({ code: 'path_outside_workspace' }),
    ]);
    expect((await validatePath(workspace, 'notes..txt', { parameter: 'filePath' })).ok).toBe(false);
    expect(pathErrors('ReadFile', 'filePath', '')).toEqual([expect.objectContaining({ code: 'invalid_value' })]);
    expect((await validatePath(workspace, '', { parameter: 'filePath' })).ok).toBe(false);
  });

  it('the LLM-facing text names the parameter once', () => {
    const text = toLlmContext(validator.validate(tool('read_file'), { path: '../../etc/passwd' }));
    expect(text).toBe(
      "Parameter validation failed:\n- path: path is outside the workspace: '../../etc/passwd'\n  Expected: A path inside the workspace\n",
    );
  });
});
