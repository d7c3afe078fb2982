import { tool as buildProject } from './build_project';
import { tool as executeShell } from './execute_shell';
import { tool as runTests } from './run_tests';

export const commandTools = [executeShell, runTests, buildProject];
