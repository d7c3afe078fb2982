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
} from './schemas.test-support';

type Requirement = [id: string, toolName: string, check: () => void];

const FUNCTIONAL_REQUIREMENTS: Requirement[] = [
  ['FR-001', 'read_file', defined('read_file', 'file_operations')],
  ['FR-002', 'read_file', requiredParameter('read_file', 'path', 'string')],
  [
    'FR-003',
    'read_file',
    all(optionalParameter('read_file', 'start_line', 'integer'), integerRange('read_file', 'start_line', { min: 1 })),
  ],
  [
    'FR-004',
    'read_file',
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
    'FR-005',
    'read_file',
    all(
      optionalParameter('read_file', 'encoding', 'string', 'utf-8'),
      enumOf('read_file', 'encoding', ['utf-8', 'ascii', 'utf-16']),
    ),
  ],
  ['FR-006', 'read_file', stringLength('read_file', 'path', { max: 4096 })],
  ['FR-007', 'read_file', allDescribed('read_file')],

  ['FR-008', 'write_file', defined('write_file', 'file_operations')],
  ['FR-009', 'write_file', requiredParameter('write_file', 'path', 'string')],
  ['FR-010', 'write_file', requiredParameter('write_file', 'content', 'string')],
  ['FR-011', 'write_file', booleanOption('write_file', 'create_directories', false)],
  ['FR-012', 'write_file', booleanOption('write_file', 'overwrite', true)],
  [
    'FR-013',
    'write_file',
    all(
      optionalParameter('write_file', 'encoding', 'string', 'utf-8'),
      enumOf('write_file', 'encoding', ['utf-8', 'ascii', 'utf-16']),
    ),
  ],
  ['FR-014', 'write_file', stringLength('write_file', 'path', { max: 4096 })],
  ['FR-015', 'write_file', stringLength('write_file', 'content', { max: 1048576 })],

  ['FR-016', 'list_directory', defined('list_directory', 'file_operations')],
  ['FR-017', 'list_directory', requiredParameter('list_directory', 'path', 'string')],
  ['FR-018', 'list_directory', booleanOption('list_directory', 'recursive', false)],
  [
    'FR-019',
    'list_directory',
    all(optionalParameter('list_directory', 'pattern', 'string'), () =>
      expect(parameter('list_directory', 'pattern').description).toMatch(/glob/i),
    ),
  ],
  [
    'FR-020',
    'list_directory',
    all(
      optionalParameter('list_directory', 'max_depth', 'integer'),
      integerRange('list_directory', 'max_depth', { min: 1 }),
    ),
  ],
  ['FR-021', 'list_directory', booleanOption('list_directory', 'include_hidden', false)],

  ['FR-022', 'search_files', defined('search_files', 'file_operations')],
  ['FR-023', 'search_files', requiredParameter('search_files', 'query', 'string')],
  [
    'FR-024',
    'search_files',
    all(optionalParameter('search_files', 'path', 'string'), () =>
      expect(parameter('search_files', 'path').description).toContain('default: workspace root'),
    ),
  ],
  [
    'FR-025',
    'search_files',
    all(optionalParameter('search_files', 'pattern', 'string'), () =>
      expect(parameter('search_files', 'pattern').description).toMatch(/glob/i),
    ),
  ],
  ['FR-026', 'search_files', booleanOption('search_files', 'case_sensitive', false)],
  ['FR-027', 'search_files', booleanOption('search_files', 'regex', false)],
  ['FR-028', 'search_files', optionalParameter('search_files', 'max_results', 'integer', 100)],

  ['FR-029', 'delete_file', defined('delete_file', 'file_operations')],
  ['FR-030', 'delete_file', requiredParameter('delete_file', 'path', 'string')],
  ['FR-031', 'delete_file', booleanOption('delete_file', 'confirm', false)],
  [
    'FR-032',
    'delete_file',
    () => {
      expect(parameter('delete_file', 'confirm').description).toMatch(/confirm/i);
      expect(parameter('delete_file', 'confirm').description).toMatch(/destructive/i);
    },
  ],

  ['FR-033', 'move_file', defined('move_file', 'file_operations')],
  ['FR-034', 'move_file', requiredParameter('move_file', 'source', 'string')],
  ['FR-035', 'move_file', requiredParameter('move_file', 'destination', 'string')],
  ['FR-036', 'move_file', booleanOption('move_file', 'overwrite', false)],

  ['FR-037', 'execute_command', defined('execute_command', 'code_execution')],
  ['FR-038', 'execute_command', requiredParameter('execute_command', 'command', 'string')],
  ['FR-039', 'execute_command', optionalParameter('execute_command', 'working_directory', 'string')],
  ['FR-040', 'execute_command', optionalParameter('execute_command', 'timeout_seconds', 'integer', 300)],
  [
    'FR-041',
    'execute_command',
    all(optionalParameter('execute_command', 'env', 'object'), () => {
      expect(parameter('execute_command', 'env').additionalProperties).toEqual({ type: 'string' });
      expect(accepts('execute_command', { command: 'node app.js', env: { NODE_ENV: 'test' } })).toBe(true);
      expect(accepts('execute_command', { command: 'node app.js', env: { PORT: 3000 } })).toBe(false);
    }),
  ],
  ['FR-042', 'execute_command', integerRange('execute_command', 'timeout_seconds', { min: 1, max: 3600 })],
  ['FR-043', 'execute_command', stringLength('execute_command', 'command', { max: 8192 })],

  ['FR-044', 'execute_script', defined('execute_script', 'code_execution')],
  ['FR-045', 'execute_script', requiredParameter('execute_script', 'script', 'string')],
  [
    'FR-046',
    'execute_script',
    all(
      requiredParameter('execute_script', 'language', 'string'),
      enumOf('execute_script', 'language', ['powershell', 'bash', 'python']),
    ),
  ],
  ['FR-047', 'execute_script', optionalParameter('execute_script', 'working_directory', 'string')],
  ['FR-048', 'execute_script', optionalParameter('execute_script', 'timeout_seconds', 'integer')],
  ['FR-049', 'execute_script', stringLength('execute_script', 'script', { max: 65536 })],

  ['FR-050', 'semantic_search', defined('semantic_search', 'code_analysis')],
  ['FR-051', 'semantic_search', requiredParameter('semantic_search', 'query', 'string')],
  [
    'FR-052',
    'semantic_search',
    all(
      optionalParameter('semantic_search', 'scope', 'string', 'workspace'),
      enumOf('semantic_search', 'scope', ['workspace', 'directory', 'file']),
    ),
  ],
  [
    'FR-053',
    'semantic_search',
    all(optionalParameter('semantic_search', 'path', 'string'), () => {
      expect(tool('semantic_search').relationships).toContainEqual(
        expect.objectContaining({ kind: 'required_unless', parameter: 'path', when: 'scope', equals: 'workspace' }),
      );
      expect(accepts('semantic_search', { query: 'error handling' })).toBe(true);
      expect(accepts('semantic_search', { query: 'error handling', scope: 'directory' })).toBe(false);
      expect(accepts('semantic_search', { query: 'error handling', scope: 'directory', path: 'src' })).toBe(true);
    }),
  ],
  ['FR-054', 'semantic_search', optionalParameter('semantic_search', 'max_results', 'integer', 20)],
  ['FR-055', 'semantic_search', stringLength('semantic_search', 'query', { min: 3 })],

  ['FR-056', 'find_symbol', defined('find_symbol', 'code_analysis')],
  ['FR-057', 'find_symbol', requiredParameter('find_symbol', 'symbol_name', 'string')],
  [
    'FR-058',
    'find_symbol',
    all(
      optionalParameter('find_symbol', 'symbol_type', 'string'),
      enumOf('find_symbol', 'symbol_type', ['class', 'method', 'function', 'variable'], false),
    ),
  ],
  ['FR-059', 'find_symbol', optionalParameter('find_symbol', 'path', 'string')],
  ['FR-060', 'find_symbol', booleanOption('find_symbol', 'include_references', false)],

  ['FR-061', 'get_definition', defined('get_definition', 'code_analysis')],
  ['FR-062', 'get_definition', requiredParameter('get_definition', 'file_path', 'string')],
  [
    'FR-063',
    'get_definition',
    all(requiredParameter('get_definition', 'line', 'integer'), integerRange('get_definition', 'line', { min: 1 })),
  ],
  [
    'FR-064',
    'get_definition',
    all(requiredParameter('get_definition', 'column', 'integer'), integerRange('get_definition', 'column', { min: 1 })),
  ],

  ['FR-065', 'git_status', defined('git_status', 'version_control')],
  [
    'FR-066',
    'git_status',
    all(optionalParameter('git_status', 'path', 'string'), () =>
      expect(parameter('git_status', 'path').description).toContain('default: current workspace'),
    ),
  ],
  [
    'FR-067',
    'git_status',
    () => {
      expect(requiredOf('git_status')).toEqual([]);
      expect(accepts('git_status', {})).toBe(true);
    },
  ],

  ['FR-068', 'git_diff', defined('git_diff', 'version_control')],
  ['FR-069', 'git_diff', optionalParameter('git_diff', 'path', 'string')],
  ['FR-070', 'git_diff', booleanOption('git_diff', 'staged', false)],
  ['FR-071', 'git_diff', optionalParameter('git_diff', 'commit', 'string')],

  ['FR-072', 'git_log', defined('git_log', 'version_control')],
  ['FR-073', 'git_log', optionalParameter('git_log', 'count', 'integer', 10)],
  ['FR-074', 'git_log', optionalParameter('git_log', 'path', 'string')],
  ['FR-075', 'git_log', optionalParameter('git_log', 'author', 'string')],
  ['FR-076', 'git_log', integerRange('git_log', 'count', { min: 1, max: 100 })],

  ['FR-077', 'git_commit', defined('git_commit', 'version_control')],
  ['FR-078', 'git_commit', requiredParameter('git_commit', 'message', 'string')],
  [
    'FR-079',
    'git_commit',
    all(optionalParameter('git_commit', 'files', 'array'), () => {
      expect(parameter('git_commit', 'files').items).toMatchObject({ type: 'string' });
      expect(accepts('git_commit', { message: 'fix', files: ['a.ts', 'b.ts'] })).toBe(true);
      expect(accepts('git_commit', { message: 'fix', files: ['a.ts', 1] })).toBe(false);
    }),
  ],
  ['FR-080', 'git_commit', booleanOption('git_commit', 'all', false)],
  ['FR-081', 'git_commit', stringLength('git_commit', 'message', { min: 1, max: 500 })],

  ['FR-082', 'ask_user', defined('ask_user', 'user_interaction')],
  ['FR-083', 'ask_user', requiredParameter('ask_user', 'question', 'string')],
  [
    'FR-084',
    'ask_user',
    all(optionalParameter('ask_user', 'options', 'array'), () =>
      expect(parameter('ask_user', 'options').items).toMatchObject({ type: 'string' }),
    ),
  ],
  [
    'FR-085',
    'ask_user',
    all(optionalParameter('ask_user', 'default_option', 'string'), () => {
      expect(tool('ask_user').relationships).toContainEqual(
        expect.objectContaining({ kind: 'member_of', parameter: 'default_option', list: 'options' }),
      );
      expect(accepts('ask_user', { question: 'Which?', options: ['a', 'b'], default_option: 'b' })).toBe(true);
      expect(accepts('ask_user', { question: 'Which?', options: ['a', 'b'], default_option: 'c' })).toBe(false);
    }),
  ],
  ['FR-086', 'ask_user', stringLength('ask_user', 'question', { min: 1, max: 500 })],

  ['FR-087', 'confirm_action', defined('confirm_action', 'user_interaction')],
  ['FR-088', 'confirm_action', requiredParameter('confirm_action', 'action_description', 'string')],
  ['FR-089', 'confirm_action', booleanOption('confirm_action', 'destructive', false)],
  ['FR-090', 'confirm_action', stringLength('confirm_action', 'action_description', { min: 10 })],
];

describe('functional requirements FR-001…FR-090', () => {
  it('covers every requirement exactly once', () => {
    const ids = FUNCTIONAL_REQUIREMENTS.map(([id]) => id);
    expect(ids).toEqual(Array.from({ length: 90 }, (_, index) => `FR-${String(index + 1).padStart(3, '0')}`));
  });

  it.each(FUNCTIONAL_REQUIREMENTS)('%s (%s)', (_id, _toolName, check) => check());
});
