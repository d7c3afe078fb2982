/**
 * The site's data modules as a process that builds again (site dev) writes them: with the validators of an earlier
 * build kept by schema, a build with one tool changed generates that tool's validator alone (the calls to Ajv's
 * standalone code generator are counted), and every module's text is what a fresh build writes.
 */
import standaloneCode from 'ajv/dist/standalone';
import { describe, expect, it, vi } from 'vitest';
import type { ToolsetBundle } from '../../../core/toolset/types';
import { createCompilingValidator } from '../../../core/validation/compile';
import type { StandaloneCache } from '../../../core/validation/standalone';
import { importToolset } from '../../../core/import';
import { dataFiles, withSchemaIds, withShellRuntime } from './write-site';

vi.mock('ajv/dist/standalone', async (original) => {
  const actual = (await original()) as { default: typeof standaloneCode };
  return { default: vi.fn(actual.default) };
});

const generated = vi.mocked(standaloneCode);

const tool = (name: string, maxLength: number) => ({
  name,
  description: `The ${name} tool.`,
  inputSchema: { type: 'object', properties: { text: { type: 'string', maxLength } }, required: ['text'] },
});

function toolsetOf(...tools: object[]): ToolsetBundle {
  const result = importToolset(JSON.stringify({ tools }), { validator: createCompilingValidator(), toolsetName: 't' });
  return withSchemaIds(result.toolset);
}

const validatorFiles = (files: Map<string, string>) =>
  new Map([...files].filter(([path]) => path.startsWith('data/validators')));

describe('the validators of a build after a build', () => {
  it('generates only the changed tool’s validator, and writes what a fresh build writes', () => {
    const cache: StandaloneCache = new Map();
    const meta = { title: 'Tools' };
    generated.mockClear();
    dataFiles({ toolsets: [toolsetOf(tool('alpha', 10), tool('beta', 20), tool('gamma', 30))] }, {}, meta, cache);
    expect(generated).toHaveBeenCalledTimes(3);

    generated.mockClear();
    const changed = { toolsets: [toolsetOf(tool('alpha', 10), tool('beta', 25), tool('gamma', 30))] };
    const again = dataFiles(changed, {}, meta, cache);
    expect(generated).toHaveBeenCalledTimes(1);
    expect(JSON.stringify(generated.mock.calls[0]![1])).toContain('beta');
    expect(cache.size).toBe(3);

    generated.mockClear();
    const fresh = dataFiles(changed, {}, meta);
    expect(generated).toHaveBeenCalledTimes(3);
    expect(validatorFiles(again.files)).toEqual(validatorFiles(fresh.files));
    expect([...validatorFiles(again.files).values()].some((code) => code.includes('maxLength'))).toBe(true);
  });

  it('lets go of a schema no tool has any more', () => {
    const cache: StandaloneCache = new Map();
    const meta = { title: 'Tools' };
    dataFiles({ toolsets: [toolsetOf(tool('alpha', 10), tool('beta', 20))] }, {}, meta, cache);
    dataFiles({ toolsets: [toolsetOf(tool('alpha', 11), tool('beta', 20))] }, {}, meta, cache);
    expect(cache.size).toBe(2);
  });
});

describe('a generated validator in a built site', () => {
  it('imports each of Ajv’s helpers from its own module of the prebuilt site', () => {
    const code = withShellRuntime(
      'import * as runtime_0_module from "../../core/validation/standalone-ucs2length.ts";\n' +
        'import * as runtime_1_module from "ajv/dist/runtime/equal.js";\nconst x = 1;\n',
    );
    expect(code).toBe(
      "import * as runtime_0_module from '../validator-runtime/ucs2length.js';\n" +
        "import * as runtime_1_module from '../validator-runtime/equal.js';\nconst x = 1;\n",
    );
  });

  it('is refused when it imports a helper the prebuilt site has no module for, which is named', () => {
    expect(() => withShellRuntime('import * as runtime_0_module from "ajv/dist/runtime/timestamp.js";\n')).toThrow(
      /ajv\/dist\/runtime\/timestamp\.js, which the prebuilt site has no module for/,
    );
  });
});
