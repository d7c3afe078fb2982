import { describe, expect, it } from 'vitest';
import {
  tool,
  parameter,
  requiredOf,
  accepts,
  defined,
  requiredParameter,
  optionalParameter,
  booleanOption,
  enumOf,
  stringLength,
  integerRange,
  allDescribed,
  all,
  bundle,
} from './schemas.test-support';

/** One rule of the acode toolset: the tool it is about, the rule in a sentence, and the check that proves it. */
type Rule = [toolName: string, rule: string, check: () => void];

const RULES: Rule[] = [
  ['read_file', 'is an object-schema tool in the file_operations category', defined('read_file', 'file_operations')],
  ['read_file', 'path is a required string', requiredParameter('read_file', 'path', 'string')],
  [
    'read_file',
    'start_line is an optional integer of at least 1',
    all(optionalParameter('read_file', 'start_line', 'integer'), integerRange('read_file', 'start_line', { min: 1 })),
  ],
  [
    'read_file',
    'end_line is an optional integer of at least 1 and not less than start_line',
    all(
      optionalParameter('read_file', 'end_line', 'integer'),
      integerRange('read_file', 'end_line', { min: 1 }),
      () => {
        expect(tool('read_file').relationships).toContainEqual(
          expect.objectContaining({ kind: 'not_less_than', parameter: 'end_line', other: 'start_line' }),
        );
        expect(accepts('read_file', { path: 'a.txt', start_line: 10, end_line: 10 })).toBe(true);
        expect(accepts('read_file', { path: 'a.txt', start_line: 10, end_line: 9 })).toBe(false);
      },
    ),
  ],
  [
    'read_file',
    'encoding is an optional string defaulting to utf-8, one of utf-8, ascii, utf-16',
    all(
      optionalParameter('read_file', 'encoding', 'string', 'utf-8'),
      enumOf('read_file', 'encoding', ['utf-8', 'ascii', 'utf-16']),
    ),
  ],
  ['read_file', 'path is at most 4096 characters long', stringLength('read_file', 'path', { max: 4096 })],
  ['read_file', 'every parameter has a description', allDescribed('read_file')],

  ['write_file', 'is an object-schema tool in the file_operations category', defined('write_file', 'file_operations')],
  ['write_file', 'path is a required string', requiredParameter('write_file', 'path', 'string')],
  ['write_file', 'content is a required string', requiredParameter('write_file', 'content', 'string')],
  [
    'write_file',
    'create_directories is an optional boolean defaulting to false, as its description says',
    booleanOption('write_file', 'create_directories', false),
  ],
  [
    'write_file',
    'overwrite is an optional boolean defaulting to true, as its description says',
    booleanOption('write_file', 'overwrite', true),
  ],
  [
    'write_file',
    'encoding is an optional string defaulting to utf-8, one of utf-8, ascii, utf-16',
    all(
      optionalParameter('write_file', 'encoding', 'string', 'utf-8'),
      enumOf('write_file', 'encoding', ['utf-8', 'ascii', 'utf-16']),
    ),
  ],
  ['write_file', 'path is at most 4096 characters long', stringLength('write_file', 'path', { max: 4096 })],
  ['write_file', 'content is at most 1048576 characters long', stringLength('write_file', 'content', { max: 1048576 })],

  [
    'list_directory',
    'is an object-schema tool in the file_operations category',
    defined('list_directory', 'file_operations'),
  ],
  ['list_directory', 'path is a required string', requiredParameter('list_directory', 'path', 'string')],
  [
    'list_directory',
    'recursive is an optional boolean defaulting to false, as its description says',
    booleanOption('list_directory', 'recursive', false),
  ],
  [
    'list_directory',
    'pattern is an optional string described as a glob',
    all(optionalParameter('list_directory', 'pattern', 'string'), () =>
      expect(parameter('list_directory', 'pattern').description).toMatch(/glob/i),
    ),
  ],
  [
    'list_directory',
    'max_depth is an optional integer of at least 1',
    all(
      optionalParameter('list_directory', 'max_depth', 'integer'),
      integerRange('list_directory', 'max_depth', { min: 1 }),
    ),
  ],
  [
    'list_directory',
    'include_hidden is an optional boolean defaulting to false, as its description says',
    booleanOption('list_directory', 'include_hidden', false),
  ],

  [
    'search_files',
    'is an object-schema tool in the file_operations category',
    defined('search_files', 'file_operations'),
  ],
  ['search_files', 'query is a required string', requiredParameter('search_files', 'query', 'string')],
  [
    'search_files',
    'path is an optional string that says it defaults to the workspace root',
    all(optionalParameter('search_files', 'path', 'string'), () =>
      expect(parameter('search_files', 'path').description).toContain('default: workspace root'),
    ),
  ],
  [
    'search_files',
    'pattern is an optional string described as a glob',
    all(optionalParameter('search_files', 'pattern', 'string'), () =>
      expect(parameter('search_files', 'pattern').description).toMatch(/glob/i),
    ),
  ],
  [
    'search_files',
    'case_sensitive is an optional boolean defaulting to false, as its description says',
    booleanOption('search_files', 'case_sensitive', false),
  ],
  [
    'search_files',
    'regex is an optional boolean defaulting to false, as its description says',
    booleanOption('search_files', 'regex', false),
  ],
  [
    'search_files',
    'max_results is an optional integer defaulting to 100',
    optionalParameter('search_files', 'max_results', 'integer', 100),
  ],

  [
    'delete_file',
    'is an object-schema tool in the file_operations category',
    defined('delete_file', 'file_operations'),
  ],
  ['delete_file', 'path is a required string', requiredParameter('delete_file', 'path', 'string')],
  [
    'delete_file',
    'confirm is an optional boolean defaulting to false, as its description says',
    booleanOption('delete_file', 'confirm', false),
  ],
  [
    'delete_file',
    'the confirm description asks to confirm a destructive action',
    () => {
      expect(parameter('delete_file', 'confirm').description).toMatch(/confirm/i);
      expect(parameter('delete_file', 'confirm').description).toMatch(/destructive/i);
    },
  ],

  ['move_file', 'is an object-schema tool in the file_operations category', defined('move_file', 'file_operations')],
  ['move_file', 'source is a required string', requiredParameter('move_file', 'source', 'string')],
  ['move_file', 'destination is a required string', requiredParameter('move_file', 'destination', 'string')],
  [
    'move_file',
    'overwrite is an optional boolean defaulting to false, as its description says',
    booleanOption('move_file', 'overwrite', false),
  ],

  [
    'execute_command',
    'is an object-schema tool in the code_execution category',
    defined('execute_command', 'code_execution'),
  ],
  ['execute_command', 'command is a required string', requiredParameter('execute_command', 'command', 'string')],
  [
    'execute_command',
    'working_directory is an optional string',
    optionalParameter('execute_command', 'working_directory', 'string'),
  ],
  [
    'execute_command',
    'timeout_seconds is an optional integer defaulting to 300',
    optionalParameter('execute_command', 'timeout_seconds', 'integer', 300),
  ],
  [
    'execute_command',
    'env is an optional object whose values are strings',
    all(optionalParameter('execute_command', 'env', 'object'), () => {
      expect(parameter('execute_command', 'env').additionalProperties).toEqual({ type: 'string' });
      expect(accepts('execute_command', { command: 'node app.js', env: { NODE_ENV: 'test' } })).toBe(true);
      expect(accepts('execute_command', { command: 'node app.js', env: { PORT: 3000 } })).toBe(false);
    }),
  ],
  [
    'execute_command',
    'timeout_seconds is an integer from 1 to 3600',
    integerRange('execute_command', 'timeout_seconds', { min: 1, max: 3600 }),
  ],
  [
    'execute_command',
    'command is at most 8192 characters long',
    stringLength('execute_command', 'command', { max: 8192 }),
  ],

  [
    'execute_script',
    'is an object-schema tool in the code_execution category',
    defined('execute_script', 'code_execution'),
  ],
  ['execute_script', 'script is a required string', requiredParameter('execute_script', 'script', 'string')],
  [
    'execute_script',
    'language is a required string, one of powershell, bash, python',
    all(
      requiredParameter('execute_script', 'language', 'string'),
      enumOf('execute_script', 'language', ['powershell', 'bash', 'python']),
    ),
  ],
  [
    'execute_script',
    'working_directory is an optional string',
    optionalParameter('execute_script', 'working_directory', 'string'),
  ],
  [
    'execute_script',
    'timeout_seconds is an optional integer',
    optionalParameter('execute_script', 'timeout_seconds', 'integer'),
  ],
  [
    'execute_script',
    'script is at most 65536 characters long',
    stringLength('execute_script', 'script', { max: 65536 }),
  ],

  [
    'semantic_search',
    'is an object-schema tool in the code_analysis category',
    defined('semantic_search', 'code_analysis'),
  ],
  ['semantic_search', 'query is a required string', requiredParameter('semantic_search', 'query', 'string')],
  [
    'semantic_search',
    'scope is an optional string defaulting to workspace, one of workspace, directory, file',
    all(
      optionalParameter('semantic_search', 'scope', 'string', 'workspace'),
      enumOf('semantic_search', 'scope', ['workspace', 'directory', 'file']),
    ),
  ],
  [
    'semantic_search',
    'path is an optional string, required unless scope is workspace',
    all(optionalParameter('semantic_search', 'path', 'string'), () => {
      expect(tool('semantic_search').relationships).toContainEqual(
        expect.objectContaining({ kind: 'required_unless', parameter: 'path', when: 'scope', equals: 'workspace' }),
      );
      expect(accepts('semantic_search', { query: 'error handling' })).toBe(true);
      expect(accepts('semantic_search', { query: 'error handling', scope: 'directory' })).toBe(false);
      expect(accepts('semantic_search', { query: 'error handling', scope: 'directory', path: 'src' })).toBe(true);
    }),
  ],
  [
    'semantic_search',
    'max_results is an optional integer defaulting to 20',
    optionalParameter('semantic_search', 'max_results', 'integer', 20),
  ],
  ['semantic_search', 'query is at least 3 characters long', stringLength('semantic_search', 'query', { min: 3 })],

  ['find_symbol', 'is an object-schema tool in the code_analysis category', defined('find_symbol', 'code_analysis')],
  ['find_symbol', 'symbol_name is a required string', requiredParameter('find_symbol', 'symbol_name', 'string')],
  [
    'find_symbol',
    'symbol_type is an optional string offering at least class, method, function, variable',
    all(
      optionalParameter('find_symbol', 'symbol_type', 'string'),
      enumOf('find_symbol', 'symbol_type', ['class', 'method', 'function', 'variable'], false),
    ),
  ],
  ['find_symbol', 'path is an optional string', optionalParameter('find_symbol', 'path', 'string')],
  [
    'find_symbol',
    'include_references is an optional boolean defaulting to false, as its description says',
    booleanOption('find_symbol', 'include_references', false),
  ],

  [
    'get_definition',
    'is an object-schema tool in the code_analysis category',
    defined('get_definition', 'code_analysis'),
  ],
  ['get_definition', 'file_path is a required string', requiredParameter('get_definition', 'file_path', 'string')],
  [
    'get_definition',
    'line is a required integer of at least 1',
    all(requiredParameter('get_definition', 'line', 'integer'), integerRange('get_definition', 'line', { min: 1 })),
  ],
  [
    'get_definition',
    'column is a required integer of at least 1',
    all(requiredParameter('get_definition', 'column', 'integer'), integerRange('get_definition', 'column', { min: 1 })),
  ],

  ['git_status', 'is an object-schema tool in the version_control category', defined('git_status', 'version_control')],
  [
    'git_status',
    'path is an optional string that says it defaults to the current workspace',
    all(optionalParameter('git_status', 'path', 'string'), () =>
      expect(parameter('git_status', 'path').description).toContain('default: current workspace'),
    ),
  ],
  [
    'git_status',
    'no parameter is required',
    () => {
      expect(requiredOf('git_status')).toEqual([]);
      expect(accepts('git_status', {})).toBe(true);
    },
  ],

  ['git_diff', 'is an object-schema tool in the version_control category', defined('git_diff', 'version_control')],
  ['git_diff', 'path is an optional string', optionalParameter('git_diff', 'path', 'string')],
  [
    'git_diff',
    'staged is an optional boolean defaulting to false, as its description says',
    booleanOption('git_diff', 'staged', false),
  ],
  ['git_diff', 'commit is an optional string', optionalParameter('git_diff', 'commit', 'string')],

  ['git_log', 'is an object-schema tool in the version_control category', defined('git_log', 'version_control')],
  ['git_log', 'count is an optional integer defaulting to 10', optionalParameter('git_log', 'count', 'integer', 10)],
  ['git_log', 'path is an optional string', optionalParameter('git_log', 'path', 'string')],
  ['git_log', 'author is an optional string', optionalParameter('git_log', 'author', 'string')],
  ['git_log', 'count is an integer from 1 to 100', integerRange('git_log', 'count', { min: 1, max: 100 })],

  ['git_commit', 'is an object-schema tool in the version_control category', defined('git_commit', 'version_control')],
  ['git_commit', 'message is a required string', requiredParameter('git_commit', 'message', 'string')],
  [
    'git_commit',
    'files is an optional array of strings',
    all(optionalParameter('git_commit', 'files', 'array'), () => {
      expect(parameter('git_commit', 'files').items).toMatchObject({ type: 'string' });
      expect(accepts('git_commit', { message: 'fix', files: ['a.ts', 'b.ts'] })).toBe(true);
      expect(accepts('git_commit', { message: 'fix', files: ['a.ts', 1] })).toBe(false);
    }),
  ],
  [
    'git_commit',
    'all is an optional boolean defaulting to false, as its description says',
    booleanOption('git_commit', 'all', false),
  ],
  ['git_commit', 'message is 1 to 500 characters long', stringLength('git_commit', 'message', { min: 1, max: 500 })],

  ['ask_user', 'is an object-schema tool in the user_interaction category', defined('ask_user', 'user_interaction')],
  ['ask_user', 'question is a required string', requiredParameter('ask_user', 'question', 'string')],
  [
    'ask_user',
    'options is an optional array of strings',
    all(optionalParameter('ask_user', 'options', 'array'), () =>
      expect(parameter('ask_user', 'options').items).toMatchObject({ type: 'string' }),
    ),
  ],
  [
    'ask_user',
    'default_option is an optional string that must be one of options',
    all(optionalParameter('ask_user', 'default_option', 'string'), () => {
      expect(tool('ask_user').relationships).toContainEqual(
        expect.objectContaining({ kind: 'member_of', parameter: 'default_option', list: 'options' }),
      );
      expect(accepts('ask_user', { question: 'Which?', options: ['a', 'b'], default_option: 'b' })).toBe(true);
      expect(accepts('ask_user', { question: 'Which?', options: ['a', 'b'], default_option: 'c' })).toBe(false);
    }),
  ],
  ['ask_user', 'question is 1 to 500 characters long', stringLength('ask_user', 'question', { min: 1, max: 500 })],

  [
    'confirm_action',
    'is an object-schema tool in the user_interaction category',
    defined('confirm_action', 'user_interaction'),
  ],
  [
    'confirm_action',
    'action_description is a required string',
    requiredParameter('confirm_action', 'action_description', 'string'),
  ],
  [
    'confirm_action',
    'destructive is an optional boolean defaulting to false, as its description says',
    booleanOption('confirm_action', 'destructive', false),
  ],
  [
    'confirm_action',
    'action_description is at least 10 characters long',
    stringLength('confirm_action', 'action_description', { min: 10 }),
  ],
];

describe('the acode toolset rules', () => {
  it('has rules for every tool in the bundle, and only for tools in it', () => {
    const ruled = new Set(RULES.map(([toolName]) => toolName));
    expect([...ruled].sort()).toEqual(bundle.tools.map((entry) => entry.name).sort());
  });

  it('states every rule once per tool', () => {
    const titles = RULES.map(([toolName, rule]) => `${toolName}: ${rule}`);
    expect(new Set(titles).size).toBe(titles.length);
  });

  it.each(RULES)('%s: %s', (_toolName, _rule, check) => check());
});
