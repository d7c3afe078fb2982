/**
 * Every bundled schema's generated validator at once, for a worker that validates calls to any tool (the page
 * loads them one at a time: precompiledValidators.ts).
 */
import { registerPrecompiledValidators } from '../../core/validation/validator';
import { validators } from '../../generated/validators.js';

registerPrecompiledValidators(validators);
