import { tool as createBranch } from './create_branch';
import { tool as createPullRequest } from './create_pull_request';
import { tool as getBranches } from './get_branches';
import { tool as getDiff } from './get_diff';
import { tool as gitCommit } from './git_commit';

export const gitTools = [gitCommit, createBranch, getDiff, createPullRequest, getBranches];
