/** The data and options of the git operations over the workspace's repository. */
export const PLAYGROUND_AUTHOR = { name: 'Playground User', email: 'playground@example.com' } as const;

// The result data of the git tools: runtime's ToolData includes these kinds (runtime sits above workspace).
export type GitStatusData = {
  kind: 'git_status';
  branch: string;
  files: { path: string; index: string; workdir: string; status: string }[];
  clean: boolean;
};
export type GitDiffData = {
  kind: 'diff';
  patch: string;
  files: { path: string; additions: number; deletions: number }[];
};
export type GitLogData = {
  kind: 'log';
  commits: { oid: string; message: string; author: string; email: string; date: string }[];
};
export type GitCommitData = { kind: 'commit'; oid: string; message: string; files: string[] };

/** The runtime error codes a git operation can give. */
export type GitErrorCode =
  | 'git_error'
  | 'nothing_to_commit'
  | 'unknown_revision'
  | 'path_outside_workspace'
  | 'path_not_found'
  | 'protected_path';

export type GitOutcome<T> = { ok: true; data: T } | { ok: false; code: GitErrorCode; message: string };

export interface GitDiffOptions {
  path?: string;
  staged?: boolean;
  /** HEAD, HEAD~N, HEAD^, a branch or tag (optionally ~N), a short or full commit id. */
  commit?: string;
  /** With `commit`: compare the two commits (`git diff <commit> <to>`) instead of commit → working tree. */
  to?: string;
  /** Unchanged lines around each change (git's -U); 3 by default. */
  contextLines?: number;
}

export interface GitLogOptions {
  count?: number;
  path?: string;
  /** Case-insensitive substring of the author's name or email. */
  author?: string;
}

export interface GitCommitOptions {
  message: string;
  files?: string[];
  all?: boolean;
  /** Defaults to the playground author. */
  author?: { name: string; email: string; timestamp?: number; timezoneOffset?: number };
}
