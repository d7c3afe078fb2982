export * from './types';
export { toolTokens, toolsetTokens } from './count';
export { loadTokenizer } from './load';
