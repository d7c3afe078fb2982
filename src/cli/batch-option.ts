/** Whether the arguments ask for `validate --batch`, which runs apart (run-batch.ts). */
export const isBatchValidate = (argv: readonly string[]): boolean =>
  argv[0] === 'validate' && argv.some((argument) => argument === '--batch' || argument.startsWith('--batch='));
