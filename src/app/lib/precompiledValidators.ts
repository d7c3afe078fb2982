/**
 * The bundled schemas' validators, generated as code by `npm run bundle`: imported for its effect wherever the
 * page or a worker validates, so bundled tools are checked without compiling (the page's policy forbids eval).
 */
import { registerPrecompiledValidators } from '../../core/validation/validator';
import { validators } from '../../generated/validators.js';

registerPrecompiledValidators(validators);
