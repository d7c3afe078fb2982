import { describeExampleProblem } from '../exampleValidator';
import type { AuditRule } from '../types';
import { reporter } from './finding';

/**
 * Every tool has examples, valid ones pass, and each invalid one is
 * rejected for the reason it declares — its code on its parameter — not merely rejected.
 */
export const examplesValidate: AuditRule = {
  id: 'examples-validate',
  description:
    'The tool has example arguments; every example validates and every invalid example is rejected with its declared code on its declared parameter.',
  check(context) {
    const { findings, report } = reporter(context, this.id);
    const examples = Array.isArray(context.tool.examples) ? context.tool.examples : [];
    if (examples.length === 0) {
      report(
        'warning',
        'The tool has no example arguments; add at least one valid example so models and tests have a reference call.',
      );
    }
    examples.forEach((example, index) => {
      const errors = context.validateExample(context.tool, example.arguments);
      if (errors.length > 0) {
        report(
          'error',
          `Example ${index + 1} ('${example.title}') does not validate: ${errors.map(describeExampleProblem).join('; ')}. Fix the example or the schema.`,
        );
      }
    });
    const invalidExamples = Array.isArray(context.tool.invalidExamples) ? context.tool.invalidExamples : [];
    invalidExamples.forEach((example, index) => {
      const { code, parameter } = example.expected;
      const errors = context.validateExample(context.tool, example.arguments);
      const label = `Invalid example ${index + 1} ('${example.title}')`;
      if (errors.length === 0) {
        report(
          'error',
          `${label} is accepted by the schema; it expects '${code}' on '${parameter}', so the schema is missing that constraint or the example is wrong.`,
          parameter || undefined,
        );
        return;
      }
      // Plain messages from a supplied validator carry no code to compare.
      const structured = errors.filter((error) => typeof error !== 'string');
      if (structured.length < errors.length) return;
      if (structured.some((error) => error.code === code && error.parameter === parameter)) return;
      report(
        'error',
        `${label} declares '${code}' on '${parameter || '(arguments)'}' but the validator reports ${errors.map(describeExampleProblem).join('; ')}; correct the declared code or parameter, or the example.`,
        parameter || undefined,
      );
    });
    return findings;
  },
};
