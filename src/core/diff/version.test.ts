import { createCompilingValidator } from '../validation/compile';
import { describe, expect, it } from 'vitest';
import { searchTools } from '../registry/search';
import { lintToolset } from '../audit';
import { collection } from '../toolset/bundle';
import { findToolVersion, toolVersions } from '../toolset/versions';
import { diffDefinitions } from './index';
import type { SchemaChange } from './types';
import { checkVersion, requiredBump } from './version';

// The validator these tests check with: schemas compiled on demand, as the CLI does.
const validator = createCompilingValidator();

const change = (changeClass: SchemaChange['class']): SchemaChange => ({
  pointer: '/x',
  keyword: 'x',
  class: changeClass,
  rule: 'r',
  message: 'm',
});

describe('requiredBump', () => {
  it('breaking → major, minor → minor, patch → patch, nothing → none', () => {
    expect(requiredBump([change('patch'), change('breaking')])).toBe('major');
    expect(requiredBump([change('patch'), change('minor')])).toBe('minor');
    expect(requiredBump([change('patch')])).toBe('patch');
    expect(requiredBump([])).toBe('none');
  });
});

describe('checkVersion', () => {
  it('flags a breaking change released as a minor', () => {
    const check = checkVersion('1.0.0', '1.1.0', [change('breaking')]);
    expect(check).toMatchObject({ ok: false, required: 'major', expected: '2.0.0' });
    expect(check.message).toContain('should have been 2.0.0');
  });

  it('flags a minor change released as a patch, and accepts the minor', () => {
    expect(checkVersion('1.2.3', '1.2.4', [change('minor')])).toMatchObject({ ok: false, expected: '1.3.0' });
    expect(checkVersion('1.2.3', '1.3.0', [change('minor')]).ok).toBe(true);
  });

  it('accepts a bigger step than needed', () => {
    expect(checkVersion('1.2.3', '2.0.0', [change('patch')])).toMatchObject({
      ok: true,
      required: 'patch',
      expected: '1.2.4',
    });
  });

  it('below 1.0.0 a breaking change needs a new minor, anything else a new patch', () => {
    expect(checkVersion('0.9.0', '0.9.1', [change('breaking')])).toMatchObject({ ok: false, expected: '0.10.0' });
    expect(checkVersion('0.9.0', '0.10.0', [change('breaking')]).ok).toBe(true);
    expect(checkVersion('0.9.0', '0.9.1', [change('minor')])).toMatchObject({ ok: true, expected: '0.9.1' });
  });

  it('flags a changed definition that kept its version, an older version and a non-version', () => {
    expect(checkVersion('1.0.0', '1.0.0', [change('patch')])).toMatchObject({ ok: false, expected: '1.0.1' });
    expect(checkVersion('1.0.0', '1.0.0', []).ok).toBe(true);
    expect(checkVersion('2.0.0', '1.0.0', []).ok).toBe(false);
    expect(checkVersion('1.0', '1.0.1', []).message).toContain("'1.0' is not a semantic version");
  });
});

describe('bundled history', () => {
  const acode = collection.toolsets.find((toolset) => toolset.manifest.id === 'acode-core')!;

  it('holds earlier versions apart from the tools, newest first per tool', () => {
    expect(toolVersions(acode, 'git_log').map((tool) => tool.version)).toEqual(['1.0.0', '0.9.1', '0.9.0']);
    expect(acode.tools.filter((tool) => tool.name === 'git_log')).toHaveLength(1);
    expect(findToolVersion(acode, 'read_file', '0.9.0')?.inputSchema.properties).not.toHaveProperty('encoding');
  });

  it('search and the audit see each tool once: the current version is the tool', () => {
    const hits = searchTools(acode.tools, 'git_log');
    expect(hits.filter((hit) => hit.tool.name === 'git_log')).toHaveLength(1);
    expect(hits[0]?.tool.version).toBe('1.0.0');
    expect(lintToolset(acode, { validator }).summary.tools).toBe(17);
  });

  it('read_file 0.9.0 → 1.0.0 adds the optional encoding: minor, version follows', () => {
    const result = diffDefinitions(findToolVersion(acode, 'read_file', '0.9.0')!, findToolVersion(acode, 'read_file')!);
    expect(result.changes).toContainEqual(
      expect.objectContaining({ rule: 'optional-parameter-added', pointer: '/inputSchema/properties/encoding' }),
    );
    expect(result.required).toBe('minor');
    expect(result.version?.ok).toBe(true);
  });

  it('git_log 0.9.1 tightened count as a patch: flagged', () => {
    const result = diffDefinitions(
      findToolVersion(acode, 'git_log', '0.9.0')!,
      findToolVersion(acode, 'git_log', '0.9.1')!,
    );
    expect(result.changes[0]).toMatchObject({ rule: 'maximum-tightened', class: 'breaking', before: 1000, after: 100 });
    expect(result.version).toMatchObject({ ok: false, expected: '0.10.0' });
  });
});
