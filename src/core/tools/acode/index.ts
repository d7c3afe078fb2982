/** Every handler of the Acode core toolset, by tool name. */
import type { ToolImplementation } from '../../runtime/types';
import { tool as executeCommand } from './code_execution/execute_command';
import { tool as executeScript } from './code_execution/execute_script';
import { tool as deleteFile } from './file_operations/delete_file';
import { tool as listDirectory } from './file_operations/list_directory';
import { tool as moveFile } from './file_operations/move_file';
import { tool as readFile } from './file_operations/read_file';
import { tool as searchFiles } from './file_operations/search_files';
import { tool as writeFile } from './file_operations/write_file';
import { tool as askUser } from './user_interaction/ask_user';
import { tool as confirmAction } from './user_interaction/confirm_action';
import { tool as findSymbol } from './code_analysis/find_symbol';
import { tool as getDefinition } from './code_analysis/get_definition';
import { tool as semanticSearch } from './code_analysis/semantic_search';
import { tool as gitCommit } from './version_control/git_commit';
import { tool as gitDiff } from './version_control/git_diff';
import { tool as gitLog } from './version_control/git_log';
import { tool as gitStatus } from './version_control/git_status';

export function acodeImplementations(): Map<string, ToolImplementation> {
  const implementations: ToolImplementation[] = [
    // file_operations
    readFile,
    writeFile,
    listDirectory,
    searchFiles,
    deleteFile,
    moveFile,
    // code_execution
    executeCommand,
    executeScript,
    // user_interaction
    askUser,
    confirmAction,
    // code_analysis
    semanticSearch,
    findSymbol,
    getDefinition,
    // version_control
    gitStatus,
    gitDiff,
    gitLog,
    gitCommit,
  ];
  return new Map(implementations.map((implementation) => [implementation.name, implementation]));
}
