/** The regex guards: parse, alphabet, exponential, degree, compile (see compile.ts for the policy). */
export { analysePattern } from './analyse';
export { compileBacktracking, compilePattern, type PatternTester, patternWantsLinearEngine } from './compile';
export { maxPatternInput } from './budget';
// Kept in describe.ts so the page's error messages need none of the analysis (nor RE2).
export { describeDegree } from '../describe';
