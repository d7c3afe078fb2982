/** BFCL both ways: its files read and written, its function docs as a toolset, its AST rules for scoring. */
export { readQuestions, readAnswers, readBfclResults } from './files';
export { scoreBfcl, type BfclScore } from './score';
export { importBfclFunctions, functionsOfQuestions } from './import-toolset';
export { importBfclSuite } from './import-suite';
export { exportBfcl } from './export-suite';
