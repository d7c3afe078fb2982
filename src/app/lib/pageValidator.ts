/**
 * The page's one validator, built here at the page's entry and handed down (ValidatorContext for components).
 * It compiles nothing: the page's policy forbids eval, so bundled tools run the validators generated at build
 * time, loaded one tool at a time (precompiledValidators.ts), and an imported schema is checked in a worker.
 * RE2 (re2js, some 45 KB gzip) is loaded only when a tool's warning rules or patterns call for it.
 */
import { lazyRegexEngine } from '../../core/validation/linear-engine';
import { createValidator, type Validator } from '../../core/validation/validator';

export const pageValidator: Validator = createValidator({
  regexEngine: lazyRegexEngine(() => import('../../core/validation/linear-regex').then((module) => module.compileLinear)),
});
