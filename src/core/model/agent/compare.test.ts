import { describe, expect, it } from 'vitest';
import { bundle } from '../../toolset/bundle';
import { PROVIDER_ADAPTERS } from '../providers';
import { alignCalls, rowAgreement, withEditedDescription, withToolVersion } from './compare';

describe('alignCalls', () => {
  it('puts the n-th call of each run in one row, step by step, with gaps where a run made fewer calls', () => {
    const left = [
      { step: 1, calls: ['a1', 'a2'] },
      { step: 2, calls: ['a3'] },
    ];
    const right = [{ step: 1, calls: ['b1', 'b2', 'b3'] }];
    const rows = alignCalls([left, right]);
    expect(rows.map((row) => [row.step, row.position, row.cells])).toEqual([
      [1, 0, ['a1', 'b1']],
      [1, 1, ['a2', 'b2']],
      [1, 2, [undefined, 'b3']],
      [2, 0, ['a3', undefined]],
    ]);
  });

  it('has no rows when no run made a call', () => {
    expect(alignCalls([[{ step: 1, calls: [] }], []])).toEqual([]);
  });
});

describe('rowAgreement', () => {
  it('is same only when every run called the same tool with the same verdict', () => {
    expect(
      rowAgreement([
        { name: 'read_file', status: 'valid' },
        { name: 'read_file', status: 'valid' },
      ]),
    ).toBe('same');
    expect(
      rowAgreement([
        { name: 'read_file', status: 'valid' },
        { name: 'read_file', status: 'invalid' },
      ]),
    ).toBe('differs');
    expect(
      rowAgreement([
        { name: 'read_file', status: 'valid' },
        { name: 'list_directory', status: 'valid' },
      ]),
    ).toBe('differs');
    expect(rowAgreement([{ name: 'read_file', status: 'valid' }, undefined])).toBe('differs');
    expect(rowAgreement([{ name: 'read_file', status: 'valid' }, { name: 'read_file' }])).toBe('pending');
  });
});

describe('withEditedDescription', () => {
  it('changes that tool description alone, and the export sent to the model carries it', () => {
    const tools = bundle.tools;
    const edited = withEditedDescription(tools, 'read_file', 'Read one file. Always pass path.');
    expect(edited.find((tool) => tool.name === 'read_file')!.description).toBe('Read one file. Always pass path.');
    expect(edited.filter((tool) => tool.name !== 'read_file')).toEqual(
      tools.filter((tool) => tool.name !== 'read_file'),
    );
    expect(tools.find((tool) => tool.name === 'read_file')!.description).not.toBe('Read one file. Always pass path.');
    expect(JSON.stringify(PROVIDER_ADAPTERS['openai-chat'].prepareTools(edited))).toContain(
      'Read one file. Always pass path.',
    );
  });

  it('names the tool when it is not in the toolset', () => {
    expect(() => withEditedDescription([], 'read_files', 'x')).toThrow('no tool is named read_files');
  });
});

describe('withToolVersion', () => {
  it('swaps the tool for its earlier release, in place, leaving the others as they are', () => {
    const earlier = (bundle.history ?? []).find((tool) => tool.name === 'read_file')!;
    const swapped = withToolVersion(bundle.tools, earlier);
    expect(swapped.findIndex((tool) => tool === earlier)).toBe(
      bundle.tools.findIndex((tool) => tool.name === 'read_file'),
    );
    expect(swapped.filter((tool) => tool.name !== 'read_file')).toEqual(
      bundle.tools.filter((tool) => tool.name !== 'read_file'),
    );
    expect(() => withToolVersion([], earlier)).toThrow('no tool is named read_file');
  });
});
