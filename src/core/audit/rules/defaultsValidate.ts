import { describeExampleProblem } from '../exampleValidator';
import { invalidSamples, parameterOfPointer } from '../samples';
import type { AuditRule } from '../types';
import { reporter } from './finding';

/**
 * Every `default` and `examples` value, at any depth, is valid against the subschema that
 * declares it. A default a form pre-fills or a model copies must not be one the tool refuses.
 */
export const defaultsValidate: AuditRule = {
  id: 'defaults-validate',
  description:
    'Every default and every entry of examples, at any depth, is valid against the subschema that declares it.',
  check(context) {
    const { findings, report } = reporter(context, this.id);
    for (const { sample, problems } of invalidSamples(context.tool, context.validateExample)) {
      const where = sample.keyword === 'default' ? 'default' : `examples[${sample.index}]`;
      const parameter = parameterOfPointer(sample.pointer);
      const at = parameter ?? (sample.pointer === '' ? '(arguments)' : sample.pointer);
      report(
        'error',
        `The ${where} of '${at}' (${JSON.stringify(sample.value).slice(0, 80)}) is refused by its own schema: ${problems.map((problem) => describeExampleProblem({ ...problem, parameter: problem.parameter === '' ? at : `${at}${problem.parameter.startsWith('[') ? '' : '.'}${problem.parameter}` })).join('; ')}. Fix the value or the schema.`,
        parameter,
        `/inputSchema${sample.pointer}/${sample.keyword}${sample.index === undefined ? '' : `/${sample.index}`}`,
      );
    }
    return findings;
  },
};
