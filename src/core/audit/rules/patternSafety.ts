import { walkSchema } from '../../json/walk-schema';
import { escapePointerSegment } from '../../json/pointer';
import { isJsonObject } from '../../json/is-json-object';
import type { JsonValue } from '../../json/json-value';
import { compileBacktracking, compilePattern, describeDegree } from '../../validation/regex';
import type { AuditRule } from '../types';
import { reporter } from './finding';

/**
 * Patterns compile and do not backtrack catastrophically. This validator runs patterns on RE2 where it can (linear
 * time), but the schema goes to other validators too, most of them backtracking engines: the lint judges the pattern
 * as those would run it, and says which case it is. Every regex the schema holds is read: `pattern` under any keyword
 * (the root, `anyOf` branches, `$defs`…) and every `patternProperties` key.
 */
export const patternSafety: AuditRule = {
  id: 'pattern-safety',
  description:
    'Every pattern and patternProperties key is a valid regular expression that cannot backtrack catastrophically on the values it is tested on.',
  check(context) {
    const { findings, report } = reporter(context, this.id);
    const compileLinear = context.regexEngine.current();
    /** `what`: how the message names the regex; `maxLength`: the longest value it is tested on (Infinity: unbounded). */
    const judge = (pattern: string, what: string, parameter: string, pointer: string, maxLength: number) => {
      const compiled = compileBacktracking(pattern);
      const here = compilePattern(pattern, compileLinear);
      if (!compiled.ok) {
        const consequence = here.ok
          ? 'this playground runs it in linear time (RE2), but backtracking validators (Ajv by default, most agent runtimes) can hang on it'
          : 'the schema does not compile here until it is rewritten';
        report(
          'error',
          `${what} (${pattern}) is unsafe: ${compiled.reason}; ${consequence} (e.g. rewrite it without a repeated repeating group).`,
          parameter,
          pointer,
        );
        return;
      }
      if (maxLength > compiled.maxInput) {
        report(
          'warning',
          `${what} (${pattern}) can take ${describeDegree(compiled.degree)} time, so a backtracking validator can spend seconds on values over ${compiled.maxInput} characters${here.ok && here.engine === 're2' ? ' (this playground runs it on RE2 and tests any length)' : ', which are refused here untested'}; set maxLength ≤ ${compiled.maxInput}, anchor it with ^, or simplify it.`,
          parameter,
          pointer,
        );
      }
    };
    for (const { node, parameter, pointer } of walkSchema(context.tool.inputSchema as JsonValue, {
      everyKeyword: true,
    })) {
      const pattern = node.pattern;
      if (pattern !== undefined) {
        if (typeof pattern !== 'string')
          report(
            'error',
            `Pattern of '${parameter}' is not a string; write it as a regular expression string.`,
            parameter,
            `${pointer}/pattern`,
          );
        else
          judge(
            pattern,
            `Pattern of '${parameter}'`,
            parameter,
            `${pointer}/pattern`,
            typeof node.maxLength === 'number' ? node.maxLength : Infinity,
          );
      }
      const keys = node.patternProperties;
      if (!isJsonObject(keys)) continue;
      // A key is tested on property names, which nothing bounds.
      for (const key of Object.keys(keys)) {
        judge(
          key,
          `patternProperties key of '${parameter === '' ? 'the arguments' : parameter}'`,
          parameter,
          `${pointer}/patternProperties/${escapePointerSegment(key)}`,
          Infinity,
        );
      }
    }
    return findings;
  },
};
