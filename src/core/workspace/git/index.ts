/**
 * Thin git helpers over isomorphic-git for the git_* tools, one operation a file. Each returns plain
 * data shaped like the matching ToolData kind, or an error value with a runtime error code — never a throw.
 */
import '../buffer-polyfill';

export { gitContext, type GitContext } from './context';
export { gitStatus } from './status';
export { resolveRevision } from './revisions';
export { gitDiff } from './diff';
export { gitLog } from './log';
export { gitCommit } from './commit';
export * from './types';
