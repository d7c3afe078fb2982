/** BFCL both ways: its files read and written, its function docs as a toolset, its AST rules for scoring. */
export {
  readQuestions,
  readAnswers,
  readBfclResults,
  categoryOf,
  type BfclQuestion,
  type BfclAnswer,
  type BfclResult,
  type FileProblem,
} from './files';
export {
  scoreBfcl,
  checkEntry,
  UNSUPPORTED_CATEGORY,
  type BfclScore,
  type BfclVerdict,
  type CategoryAccuracy,
} from './score';
export { astChecker, type BfclFunction, type BfclProperty, type CheckerOptions } from './ast-checker';
export { importBfclFunctions, bfclParametersToJsonSchema, functionsOfQuestions } from './import-toolset';
export { importBfclSuite, toJson, type SuiteImportNote } from './import-suite';
export { exportBfcl, toBfclFunction, type BfclExport } from './export-suite';
export { parsePython, pyRepr, type PyValue } from './python-value';
