/** Evals: suites of expected tool calls, graded one matcher at a time, scored, compared, sharded. */
export * from './types';
export { parseSuite, readSuite, suiteToJson, type SuiteParse, type SuiteProblem } from './suite-format';
export { gradeCase, failedRunGrade, matchCall } from './grade-case';
export {
  runSuite,
  planJobs,
  type CallModel,
  type CallModelRequest,
  type ModelOutcome,
  type RunSuiteOptions,
  type SuiteRun,
} from './run-suite';
export { readResults, type ResultRecord, type ResultProblem } from './results-file';
export { scoreRecords } from './offline';
export {
  buildReport,
  compareGroups,
  aggregate,
  type Aggregate,
  type CaseReport,
  type GroupReport,
  type SuiteReport,
} from './report';
export { parseShard, shardSuite, mergeShards, type Shard, type ShardOutput } from './shard';
export { toJunit } from './junit';
export {
  createModelCaller,
  parseModelSpec,
  toModelMessages,
  PROVIDER_NAMES,
  type ModelTarget,
  type ModelCallerOptions,
} from './model-runs';
export { suiteToolProblems } from './suite-tools';
export { wilsonInterval, comparePassRates, fisherExact, type Comparison, type Interval } from './scorers/confidence';
export { callF1, toolNameF1 } from './scorers/tool-call-f1';
export { exactMatch } from './scorers/exact';
