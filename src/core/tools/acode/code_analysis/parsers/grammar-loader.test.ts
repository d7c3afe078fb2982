import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBrowserGrammarLoader } from './browser-loader';
import { GRAMMAR_LANGUAGES, type GrammarLanguage, type GrammarLoader } from './grammar-loader';
import { createNodeGrammarLoader } from './node-loader.node';
import { createParserService } from './parser-service';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('injectable grammar loading', () => {
  it('loads the runtime and each grammar through the configured loader, once', async () => {
    const nodeLoader = createNodeGrammarLoader();
    const calls: string[] = [];
    const countingLoader: GrammarLoader = {
      loadRuntimeWasm: () => {
        calls.push('runtime');
        return nodeLoader.loadRuntimeWasm();
      },
      loadGrammar: (language: GrammarLanguage) => {
        calls.push(language);
        return nodeLoader.loadGrammar(language);
      },
      loadTagsQuery: (language: GrammarLanguage) => {
        calls.push(`${language} tags`);
        return nodeLoader.loadTagsQuery(language);
      },
    };
    const { getParser, getTagsQuery, loadTimings } = createParserService(async () => countingLoader);
    const [first, second] = await Promise.all([getParser('python'), getParser('python')]);
    expect(first).toBe(second);
    await getParser('csharp');
    await getParser('python');
    expect(calls).toEqual(['runtime', 'python', 'csharp']);
    const [query, sameQuery] = await Promise.all([getTagsQuery('python'), getTagsQuery('python')]);
    expect(query).toBe(sameQuery);
    expect(calls).toEqual(['runtime', 'python', 'csharp', 'python tags']);
    const tree = first.parse('def greet(name):\n    return name\n');
    expect(tree?.rootNode.firstNamedChild?.type).toBe('function_definition');
    tree?.delete();
    const timings = loadTimings();
    expect(timings.runtimeMs).toBeGreaterThan(0);
    expect(Object.keys(timings.grammarsMs).sort()).toEqual(['csharp', 'python']);
  });

  it('the browser loader fetches the self-hosted files from its base URL', async () => {
    const require = createRequire(import.meta.url);
    const grammarPath = require.resolve('@vscode/tree-sitter-wasm/wasm/tree-sitter-python.wasm');
    const fetched: string[] = [];
    vi.stubGlobal('fetch', async (url: URL | string) => {
      fetched.push(String(url));
      if (String(url).endsWith('tree-sitter-python.wasm'))
        return new Response(new Uint8Array(await readFile(grammarPath)));
      return new Response('missing', { status: 404 });
    });
    const loader = createBrowserGrammarLoader({ baseUrl: 'https://playground.test/site/vendor/tree-sitter/' });
    const runtime = await loader.loadRuntimeWasm();
    expect(runtime.locateFile?.('web-tree-sitter.wasm', '')).toBe(
      'https://playground.test/site/vendor/tree-sitter/web-tree-sitter.wasm',
    );
    const bytes = await loader.loadGrammar('python');
    expect(Array.from(bytes.subarray(0, 4))).toEqual([0x00, 0x61, 0x73, 0x6d]); // "\0asm"
    await expect(loader.loadGrammar('csharp')).rejects.toThrow('HTTP 404');
    expect(fetched).toEqual([
      'https://playground.test/site/vendor/tree-sitter/tree-sitter-python.wasm',
      'https://playground.test/site/vendor/tree-sitter/tree-sitter-c-sharp.wasm',
    ]);
  });

  it("both loaders give the same tag queries, TSX sharing TypeScript's, without fetching", async () => {
    const fetched: string[] = [];
    vi.stubGlobal('fetch', async (url: URL | string) => {
      fetched.push(String(url));
      return new Response('missing', { status: 404 });
    });
    const browserLoader = createBrowserGrammarLoader({ baseUrl: 'https://playground.test/site/vendor/tree-sitter/' });
    const nodeLoader = createNodeGrammarLoader();
    for (const language of GRAMMAR_LANGUAGES) {
      const fromNode = await nodeLoader.loadTagsQuery(language);
      expect(fromNode).toContain('@definition.class');
      expect(await browserLoader.loadTagsQuery(language)).toBe(fromNode);
    }
    expect(await nodeLoader.loadTagsQuery('tsx')).toBe(await nodeLoader.loadTagsQuery('typescript'));
    expect(fetched).toEqual([]);
  });

  it('a tag query that does not fit its grammar fails with the language named, and a later call may succeed', async () => {
    const nodeLoader = createNodeGrammarLoader();
    let broken = true;
    const { getTagsQuery } = createParserService(async () => ({
      ...nodeLoader,
      loadTagsQuery: async (language) =>
        broken ? '(no_such_node) @definition.class' : nodeLoader.loadTagsQuery(language),
    }));
    await expect(getTagsQuery('python')).rejects.toThrow(/python tag query does not fit its grammar/);
    broken = false;
    const query = await getTagsQuery('python');
    expect(query.captureNames).toContain('definition.class');
  });
});
