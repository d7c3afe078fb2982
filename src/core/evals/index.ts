/** Evals: suites of expected tool calls, graded one matcher at a time, scored, compared, sharded. */
export * from './types';
export { parseSuite, readSuite, suiteToJson } from './suite-format';
export { gradeCase, failedRunGrade } from './grade-case';
export { runSuite } from './run-suite';
export { readResults, writeResults } from './results-file';
export { scoreRecords } from './offline';
export {
  buildReport,
  compareGroups,
  type Aggregate,
  type CaseReport,
  type GroupReport,
  type SuiteReport,
} from './report';
export { parseShard, shardSuite, mergeShards, type Shard, type ShardOutput } from './shard';
export { toJunit } from './junit';
export { createModelCaller, parseModelSpec, type ModelTarget } from './model-runs';
export { suiteToolProblems } from './suite-tools';
