import type { AuditRule } from '../types';
import { reporter } from './finding';

/** NFR-021 and test category 6: every tool has examples, valid ones pass and invalid ones fail. */
export const examplesValidate: AuditRule = {
  id: 'examples-validate',
  description: 'The tool has example arguments; every example validates and every invalid example is rejected.',
  check(context) {
    const { findings, report } = reporter(context, this.id);
    const examples = Array.isArray(context.tool.examples) ? context.tool.examples : [];
    if (examples.length === 0) {
      report('warning', 'The tool has no example arguments; add at least one valid example (NFR-021) so models and tests have a reference call.');
    }
    examples.forEach((example, index) => {
      const errors = context.validateExample(context.tool, example.arguments);
      if (errors.length > 0) {
        report('error', `Example ${index + 1} ('${example.title}') does not validate: ${errors.join('; ')}. Fix the example or the schema.`);
      }
    });
    const invalidExamples = Array.isArray(context.tool.invalidExamples) ? context.tool.invalidExamples : [];
    invalidExamples.forEach((example, index) => {
      if (context.validateExample(context.tool, example.arguments).length === 0) {
        report('error', `Invalid example ${index + 1} ('${example.title}') is accepted by the schema; it expects '${example.expected.code}' on '${example.expected.parameter}', so the schema is missing that constraint or the example is wrong.`);
      }
    });
    return findings;
  },
};
