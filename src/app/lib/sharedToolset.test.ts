import { createCompilingValidator } from '../../core/validation/compile';
import { deflateSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { bundle } from '../../core/toolset/bundle';
import { decodeSharedToolset, encodeSharedToolset } from './sharedToolset';
import { deepText } from '../../core/json/text-limits.test-support';
import { bytesToBase64Url } from './shareLink';

// These checks compile the shared schemas, as the import worker does.
const validator = createCompilingValidator();

const toolset = {
  ...bundle,
  manifest: { ...bundle.manifest, id: 'shared-set', name: 'Shared set' },
  tools: bundle.tools.slice(0, 2),
};

describe('a toolset in a link', () => {
  it('round-trips the toolset and its mocks', async () => {
    const encoded = encodeSharedToolset({
      toolset,
      mocks: { read_file: { kind: 'json', value: { ok: true } }, not_a_tool: { kind: 'json', value: 1 } },
    });
    expect(encoded).toMatch(/^t[A-Za-z0-9_-]+$/);
    const decoded = await decodeSharedToolset(encoded, validator);
    expect(decoded.ok && decoded.shared.toolset.tools.map((tool) => tool.name)).toEqual(['read_file', 'write_file']);
    expect(decoded.ok && decoded.shared.toolset.manifest.name).toBe('Shared set');
    // Mocks of tools the toolset does not have are dropped.
    expect(decoded.ok && decoded.shared.mocks).toEqual({ read_file: { kind: 'json', value: { ok: true } } });
  });

  it('refuses damaged links, links that inflate past 8 MB, and toolsets that fail the import checks', async () => {
    expect(await decodeSharedToolset('tAAAA', validator)).toEqual({
      ok: false,
      error: 'The link is damaged: its toolset could not be decoded.',
    });
    expect((await decodeSharedToolset('x123', validator)).ok).toBe(false);
    const bomb = 't' + bytesToBase64Url(deflateSync(new Uint8Array(20 * 1024 * 1024), { level: 9 }));
    expect(bomb.length).toBeLessThan(40_000);
    expect(await decodeSharedToolset(bomb, validator)).toEqual({
      ok: false,
      error: 'The toolset in the link is larger than 8 MB once unpacked; it was not opened.',
    });
    const hostile = encodeSharedToolset({
      toolset: {
        ...toolset,
        tools: [
          {
            ...toolset.tools[0]!,
            inputSchema: { type: 'object', properties: { a: { $ref: 'https://evil.example/x' } } },
          },
        ],
      },
      mocks: {},
    });
    expect(await decodeSharedToolset(hostile, validator)).toMatchObject({
      ok: false,
      error: expect.stringContaining('remote references are never fetched'),
    });
  });

  it('never opens a tool whose name would display as something else, and says which character', async () => {
    const spoofed = encodeSharedToolset({
      toolset: { ...toolset, tools: [{ ...toolset.tools[0]!, name: 'read\u202Efdp.exe' }] },
      mocks: {},
    });
    const decoded = await decodeSharedToolset(spoofed, validator);
    expect(decoded).toMatchObject({
      ok: false,
      error: expect.stringContaining(
        "'read<U+202E>fdp.exe' is refused as a name: it holds U+202E RIGHT-TO-LEFT OVERRIDE",
      ),
    });
    expect(JSON.stringify(decoded)).not.toContain('\u202E');
    const mixed = await decodeSharedToolset(
      encodeSharedToolset({
        toolset: { ...toolset, tools: [{ ...toolset.tools[0]!, name: 'read\u200Bfile' }, toolset.tools[1]!] },
        mocks: {},
      }),
      validator,
    );
    expect(mixed.ok && mixed.shared.toolset.tools.map((tool) => tool.name)).toEqual(['write_file']);
  });
});

describe('a toolset link past the limits', () => {
  it('stops unpacking at the cap, before a broken end is reached', async () => {
    const bytes = deflateSync(new Uint8Array(32 * 1024 * 1024), { level: 9 });
    bytes.fill(0xff, bytes.length - 64);
    expect(await decodeSharedToolset(`t${bytesToBase64Url(bytes)}`, validator)).toEqual({
      ok: false,
      error: 'The toolset in the link is larger than 8 MB once unpacked; it was not opened.',
    });
  });

  it('opens the other tools and names the one nested 100,000 deep, with its pointer and the reason', async () => {
    const deepTool = `{"name":"deep","description":"A tool whose schema never ends.","inputSchema":{"type":"object","properties":{"a":${deepText(100_000)}}}}`;
    const text = `{"toolset":{"manifest":${JSON.stringify(toolset.manifest)},"tools":[${JSON.stringify(toolset.tools[0])},${deepTool}]},"mocks":{}}`;
    const link = `t${bytesToBase64Url(deflateSync(new TextEncoder().encode(text), { level: 9 }))}`;
    expect(link.length).toBeLessThan(20_000);
    const decoded = await decodeSharedToolset(link, validator);
    expect(decoded.ok && decoded.shared.toolset.tools.map((tool) => tool.name)).toEqual(['read_file']);
    expect(decoded.ok && decoded.refused).toEqual([
      expect.stringMatching(/^'deep' at \/tools\/1\/inputSchema\/properties\/a\/.*nested more than 128 levels deep/),
    ]);
  });

  it('refuses a link whose mocks nest too deep, saying where', async () => {
    const text = `{"toolset":${JSON.stringify(toolset)},"mocks":{"read_file":{"kind":"json","value":${deepText(100_000)}}}}`;
    const link = `t${bytesToBase64Url(deflateSync(new TextEncoder().encode(text), { level: 9 }))}`;
    expect(await decodeSharedToolset(link, validator)).toEqual({
      ok: false,
      error: expect.stringMatching(
        /^The link was not opened: its mocks is nested more than 130 levels deep \(at line 1, column \d+\)/,
      ),
    });
  });
});
