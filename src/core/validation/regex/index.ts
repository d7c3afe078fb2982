/** The regex guards: parse, alphabet, exponential, degree, compile (see compile.ts for the policy). */
export { analysePattern, type PatternAnalysis } from './analyse';
export {
  compileBacktracking,
  compilePattern,
  type CompiledPattern,
  type PatternRefusal,
  type PatternTester,
  patternWantsLinearEngine,
} from './compile';
export { maxPatternInput } from './budget';
export type { ExponentialCode, ExponentialFinding } from './exponential';
// Kept in describe.ts so the page's error messages need none of the analysis (nor RE2).
export { describeDegree } from '../describe';
