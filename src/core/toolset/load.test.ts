import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCompilingValidator } from '../validation/compile';
import { loadToolset, ToolsetLoadError } from './load';
import { loadToolsetFromDirectory } from './load.node.js';
import { acodeDirectory, readAcodeFiles, type ToolsetFiles } from './acode-files.node.test-support.js';

// The validator examples are judged with: schemas compiled on demand, as the CLI and the build do.
const validator = createCompilingValidator();

// Tests reach into arbitrary JSON to break it on purpose.
type Json = Record<string, any>;

const READ_FILE = 'schemas/acode/file_operations/read_file.json';

function toolJson(files: ToolsetFiles, name: string): Json {
  const file = files.tools.find((tool) => tool.path.endsWith(`/${name}.json`));
  if (!file) throw new Error(`no fixture for ${name}`);
  return file.json as Json;
}

function loadError(files: ToolsetFiles): ToolsetLoadError {
  try {
    loadToolset(files.manifest, files.tools, { validator, manifestPath: 'schemas/acode/toolset.json' });
  } catch (error) {
    if (error instanceof ToolsetLoadError) return error;
    throw error;
  }
  throw new Error('expected the toolset to fail to load');
}

describe('loadToolset', () => {
  it('loads the acode toolset in manifest order without $schema keys', () => {
    const files = readAcodeFiles();
    const bundle = loadToolset(files.manifest, files.tools, { validator });
    const manifestOrder = bundle.manifest.categories.flatMap((category) => category.tools);
    expect(bundle.tools.map((tool) => tool.name)).toEqual(manifestOrder);
    expect(bundle.tools.every((tool) => !('$schema' in tool))).toBe(true);
    expect('$schema' in bundle.manifest).toBe(false);
    // The input schema keeps its own dialect declaration.
    expect(bundle.tools[0]?.inputSchema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
  });

  it('reports a parameter without description with the file path and the broken rule', () => {
    const files = readAcodeFiles();
    delete toolJson(files, 'read_file').inputSchema.properties.path.description;
    const error = loadError(files);
    expect(error.message).toContain(
      `${READ_FILE}: /inputSchema/properties/path: must have required property 'description'`,
    );
    expect(error.problems).toContainEqual({
      file: READ_FILE,
      pointer: '/inputSchema/properties/path',
      message: "must have required property 'description'",
    });
  });

  it('lists every problem, not only the first', () => {
    const files = readAcodeFiles();
    toolJson(files, 'read_file').version = '1.0';
    toolJson(files, 'git_log').riskLevel = 'harmless';
    const error = loadError(files);
    expect(error.message).toMatch(/read_file\.json: \/version: must match pattern/);
    expect(error.message).toMatch(
      /git_log\.json: \/riskLevel: must be one of: "safe", "low", "medium", "high", "critical"/,
    );
    expect(error.problems.length).toBeGreaterThanOrEqual(2);
  });

  it('rejects a name that is no identifier and unknown top-level fields', () => {
    const files = readAcodeFiles();
    toolJson(files, 'read_file').name = 'read-file';
    toolJson(files, 'read_file').author = 'someone';
    const error = loadError(files);
    expect(error.message).toContain(`${READ_FILE}: /name: must match pattern`);
    expect(error.message).toContain(`${READ_FILE}: must NOT have additional property 'author'`);
  });

  it('refuses a name that would display as something else, naming the character, before any other check', () => {
    const files = readAcodeFiles();
    toolJson(files, 'read_file').name = 'read\u202Eelif';
    toolJson(files, 'write_file').name = 'write\u200Bfile';
    const error = loadError(files);
    expect(error.message).toContain(
      `${READ_FILE}: /name: 'read<U+202E>elif' is refused as a name: it holds U+202E RIGHT-TO-LEFT OVERRIDE (a bidirectional control, at character 5)`,
    );
    expect(error.message).toContain(
      "write_file.json: /name: 'write<U+200B>file' is refused as a name: it holds U+200B ZERO WIDTH SPACE (a zero-width character, at character 6)",
    );
    expect(error.message).not.toMatch(/[\u202E\u200B]/u);
  });

  it('requires at least two examples', () => {
    const files = readAcodeFiles();
    toolJson(files, 'delete_file').examples.pop();
    expect(loadError(files).message).toContain('delete_file.json: /examples: must NOT have fewer than 2 items');
  });

  it('reports a file whose name differs from its tool name', () => {
    const files = readAcodeFiles();
    const file = files.tools.find((tool) => tool.path === READ_FILE);
    if (file) file.path = 'schemas/acode/file_operations/read.json';
    const error = loadError(files);
    expect(error.message).toContain("schemas/acode/file_operations/read.json: /name: must match the file name: 'read'");
  });

  it('reports a file in the wrong category folder', () => {
    const files = readAcodeFiles();
    const file = files.tools.find((tool) => tool.path === READ_FILE);
    if (file) file.path = 'schemas/acode/code_analysis/read_file.json';
    const error = loadError(files);
    expect(error.message).toContain(
      "schemas/acode/code_analysis/read_file.json: /category: must match the folder the file is in: 'code_analysis'",
    );
  });

  it('reports a manifest tool without a file, and a file the manifest does not list', () => {
    const files = readAcodeFiles();
    files.tools = files.tools.filter((tool) => !tool.path.endsWith('/git_log.json'));
    const extra = structuredClone(toolJson(files, 'git_status'));
    extra.name = 'git_blame';
    extra.inputSchema.$id = 'urn:acode:tool:git_blame:1.0.0';
    files.tools.push({ path: 'schemas/acode/version_control/git_blame.json', json: extra });
    const error = loadError(files);
    expect(error.message).toContain(
      "schemas/acode/toolset.json: /categories: tool 'git_log' (category 'version_control') has no definition file",
    );
    expect(error.message).toContain(
      "schemas/acode/version_control/git_blame.json: /name: tool 'git_blame' is not listed in schemas/acode/toolset.json",
    );
  });

  it('reports duplicate tool names and tools listed twice in the manifest', () => {
    const files = readAcodeFiles();
    const copy = files.tools.find((tool) => tool.path === READ_FILE);
    if (copy) files.tools.push({ path: READ_FILE, json: structuredClone(copy.json) });
    const categories = files.manifest.categories as Json[];
    categories[1]?.tools.push('read_file');
    const error = loadError(files);
    expect(error.message).toContain(`${READ_FILE}: /name: duplicate tool name 'read_file'`);
    expect(error.message).toContain("tool 'read_file' is already listed in category 'file_operations'");
  });

  it('reports an example the input schema rejects', () => {
    const files = readAcodeFiles();
    toolJson(files, 'git_log').examples[1].arguments.count = 500;
    // The validator's own message (one mapping of Ajv errors for every surface), naming the parameter.
    expect(loadError(files).message).toContain(
      `git_log.json: /examples/1/arguments: example "The last 20 commits" is rejected: Parameter 'count' exceeds maximum 100 (actual: 500)`,
    );
  });

  it('reports an example that breaks a relationship', () => {
    const files = readAcodeFiles();
    toolJson(files, 'read_file').examples[1].arguments.start_line = 500;
    expect(loadError(files).message).toContain(
      `read_file.json: /examples/1/arguments: example "Read a line range" is rejected: Parameter 'end_line' (100) must not be less than 'start_line' (500)`,
    );
  });

  it('judges an invalid example by the code and parameter the validator reports (no table of its own)', () => {
    const files = readAcodeFiles();
    const gitLog = toolJson(files, 'git_log');
    gitLog.inputSchema.dependentRequired = { path: ['count'] };
    gitLog.invalidExamples.push({
      title: 'path without count',
      arguments: { path: 'src' },
      expected: { code: 'required', parameter: 'count' },
    });
    const bundle = loadToolset(files.manifest, files.tools, { validator });
    const loaded = bundle.tools.find((tool) => tool.name === 'git_log')!;
    expect(
      validator.validate(loaded, { path: 'src' }).errors.map(({ code, parameter }) => ({ code, parameter })),
    ).toEqual([{ code: 'required', parameter: 'count' }]);
    gitLog.invalidExamples.at(-1).expected = { code: 'invalid_value', parameter: '' };
    expect(loadError(files).message).toContain("expects invalid_value at '' but is rejected with required at 'count'");
  });

  it('reports an invalid example the schema accepts', () => {
    const files = readAcodeFiles();
    toolJson(files, 'git_log').invalidExamples[0].arguments.count = 5;
    expect(loadError(files).message).toContain(
      'git_log.json: /invalidExamples/0: invalid example "count below 1" is accepted by the schema',
    );
  });

  it('reports an invalid example whose expected error is not the one raised', () => {
    const files = readAcodeFiles();
    toolJson(files, 'git_log').invalidExamples[0].expected = { code: 'string_too_long', parameter: 'count' };
    expect(loadError(files).message).toContain(
      "expects string_too_long at 'count' but is rejected with out_of_range at 'count'",
    );
  });

  it('reports rules that name unknown parameters and a wrong $id', () => {
    const files = readAcodeFiles();
    const readFile = toolJson(files, 'read_file');
    readFile.relationships[0].other = 'first_line';
    readFile.inputSchema.$id = 'urn:acode:tool:read_file:2.0.0';
    const error = loadError(files);
    expect(error.message).toContain("read_file.json: /relationships/0/other: refers to unknown parameter 'first_line'");
    expect(error.message).toContain("read_file.json: /inputSchema/$id: must be 'urn:acode:tool:read_file:1.0.0'");
  });

  it('reports an input schema that is not valid JSON Schema', () => {
    const files = readAcodeFiles();
    toolJson(files, 'git_log').inputSchema.properties.count.maximun = 100;
    expect(loadError(files).message).toMatch(/git_log\.json: \/inputSchema: is not a valid JSON Schema: .*maximun/);
  });

  it('reports a malformed manifest', () => {
    const files = readAcodeFiles();
    delete files.manifest.version;
    expect(loadError(files).message).toContain("schemas/acode/toolset.json: must have required property 'version'");
  });
});

describe('loadToolsetFromDirectory', () => {
  let temporary = '';
  afterEach(() => {
    if (temporary) rmSync(temporary, { recursive: true, force: true });
    temporary = '';
  });

  it('loads the acode directory', async () => {
    const bundle = await loadToolsetFromDirectory(acodeDirectory, validator);
    expect(bundle.manifest.id).toBe('acode-core');
    expect(bundle.tools.length).toBe(
      bundle.manifest.categories.reduce((sum, category) => sum + category.tools.length, 0),
    );
  });

  it('reports unreadable JSON and files outside any declared category', async () => {
    temporary = mkdtempSync(join(tmpdir(), 'toolset-'));
    const files = readAcodeFiles();
    writeFileSync(join(temporary, 'toolset.json'), JSON.stringify(files.manifest));
    for (const tool of files.tools) {
      const [, , folder, name] = tool.path.split('/');
      mkdirSync(join(temporary, folder ?? ''), { recursive: true });
      writeFileSync(join(temporary, folder ?? '', name ?? ''), JSON.stringify(tool.json));
    }
    writeFileSync(
      join(temporary, 'file_operations', 'read_file.json'),
      '{\n  "name": "read_file",\n  "title" "Read"\n}',
    );
    await expect(loadToolsetFromDirectory(temporary, validator)).rejects.toThrow(
      /read_file\.json: is not valid JSON: line 3, column 11: expected ':' after the property name, found '"'/,
    );

    writeFileSync(join(temporary, 'file_operations', 'read_file.json'), JSON.stringify(toolJson(files, 'read_file')));
    mkdirSync(join(temporary, 'misc'));
    const stray = structuredClone(toolJson(files, 'git_status'));
    writeFileSync(join(temporary, 'misc', 'git_status.json'), JSON.stringify(stray));
    await expect(loadToolsetFromDirectory(temporary, validator)).rejects.toThrow(
      /misc\/git_status\.json: \/category: must match the folder the file is in: 'misc'/,
    );
  });
});

describe('loadToolset problem reporting', () => {
  it('reports a broken file once, not also as missing from the manifest', () => {
    const files = readAcodeFiles();
    const findSymbol = files.tools.find((tool) => tool.path.endsWith('/find_symbol.json'));
    delete (findSymbol?.json as Json).inputSchema.properties.path.description;
    const error = loadError(files);
    expect(error.problems).toEqual([
      {
        file: 'schemas/acode/code_analysis/find_symbol.json',
        pointer: '/inputSchema/properties/path',
        message: "must have required property 'description'",
      },
    ]);
  });
});

describe('earlier versions (history/<tool>/<version>.json)', () => {
  const loadWithHistory = (files: ToolsetFiles): ToolsetLoadError | undefined => {
    try {
      loadToolset(files.manifest, files.tools, {
        validator,
        manifestPath: 'schemas/acode/toolset.json',
        historyFiles: files.history,
      });
    } catch (error) {
      if (error instanceof ToolsetLoadError) return error;
      throw error;
    }
    return undefined;
  };

  it('loads the bundled history apart from the tools, oldest first per tool', () => {
    const files = readAcodeFiles();
    const bundle = loadToolset(files.manifest, files.tools, {
      validator,
      manifestPath: 'schemas/acode/toolset.json',
      historyFiles: files.history,
    });
    expect(bundle.tools).toHaveLength(17);
    expect(bundle.history?.map((tool) => `${tool.name}@${tool.version}`)).toEqual([
      'git_log@0.9.0',
      'git_log@0.9.1',
      'read_file@0.9.0',
    ]);
  });

  it('refuses a version that is not older than the current one, and a file name that is not its version', () => {
    const files = readAcodeFiles();
    const earlier = files.history.find((file) => file.path.endsWith('read_file/0.9.0.json'))!.json as Json;
    earlier.version = '1.0.0';
    earlier.inputSchema.$id = 'urn:acode:tool:read_file:1.0.0';
    const error = loadWithHistory(files);
    expect(error?.problems).toContainEqual({
      file: 'schemas/acode/history/read_file/0.9.0.json',
      pointer: '/version',
      message: '1.0.0 must be older than the current version 1.0.0',
    });
    expect(error?.problems).toContainEqual({
      file: 'schemas/acode/history/read_file/0.9.0.json',
      pointer: '/version',
      message: "must match the file name: '0.9.0'",
    });
  });

  it('refuses a version of a tool the toolset does not have, and checks its examples like a current tool', () => {
    const files = readAcodeFiles();
    const earlier = files.history.find((file) => file.path.endsWith('git_log/0.9.0.json'))!;
    (earlier.json as Json).examples[1].arguments.count = 5000;
    files.history.push({
      path: 'schemas/acode/history/cat_file/0.1.0.json',
      json: { ...(earlier.json as Json), name: 'cat_file', version: '0.1.0' },
    });
    const error = loadWithHistory(files);
    expect(
      error?.problems.some(
        (problem) => problem.file.endsWith('git_log/0.9.0.json') && problem.message.includes('is rejected'),
      ),
    ).toBe(true);
    expect(error?.problems).toContainEqual(
      expect.objectContaining({
        file: 'schemas/acode/history/cat_file/0.1.0.json',
        message: "is an earlier version of 'cat_file', which the toolset does not have",
      }),
    );
  });

  it('loads history from the directory too', async () => {
    const bundle = await loadToolsetFromDirectory(acodeDirectory, validator);
    expect(bundle.history?.length).toBe(3);
  });
});
