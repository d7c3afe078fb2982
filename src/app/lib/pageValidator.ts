/**
 * The page's validator, built by each entry point (main.tsx, embed.tsx, ssr.tsx) with this factory and handed down:
 * to components through ValidatorContext, to plain functions as an argument. It compiles nothing: the page's policy
 * forbids eval, so bundled tools run the validators generated at build time, loaded one tool at a time
 * (precompiledValidators.ts), and an imported schema is checked in a worker. RE2 (re2js, some 45 KB gzip) is loaded
 * only when a tool's warning rules or patterns call for it, with the pattern analysis; until then warning patterns run
 * on the degrees the build worked out for the bundled tools. Only the entry points import this module (eslint.config.js
 * says so).
 */
import { lazyRegexEngine } from '../../core/validation/linear-engine';
import { createValidator, type Validator } from '../../core/validation/validator';
import bundledTwinDegrees from '../../generated/warning-twin-degrees.json';

export const createPageValidator = (): Validator =>
  createValidator({
    regexEngine: lazyRegexEngine(
      () => import('../../core/validation/twin-degree').then((module) => module.ENGINE_PARTS),
      bundledTwinDegrees,
    ),
  });
