/** Checking a model's tool calls in bulk: transcripts in any provider's format, results and a summary out. */
export * from './types';
export { extractCalls } from './extract';
export type { BrokenCall, Extraction } from './extract';
export { argumentsTextOf } from './arguments-text';
export { checkCall, closestToolNames, createCheckContext } from './check';
export type { CheckContext } from './check';
export { SummaryBuilder, suggestedFixOf } from './summary';
export { checkCallStream, checkCallsText } from './stream';
export type { CallCheck, CheckCallsOptions } from './stream';
export { decodeChunks, splitLines } from './lines';
export { CSV_COLUMNS, csvField, csvRow, reportToJson, resultsToCsv, validCallsToJsonl } from './report';
