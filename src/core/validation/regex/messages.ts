/** The words for each verdict code of the regex analysis: callers match on codes, people read these. */

import type { ExponentialFinding } from './exponential';

const SPLIT_ADVICE =
  "make each alternative start with a different character (e.g. '(?:ab|ac)+' as '(?:a[bc])+', '(x|x)*' as 'x*')";

export function exponentialProblem(finding: ExponentialFinding): { problem: string; advice: string } {
  const group = `the repeated group '${finding.group}'`;
  const atoms = finding.atoms ? `'${finding.atoms[0]}' and '${finding.atoms[1]}'` : '';
  switch (finding.code) {
    case 'overlapping-alternatives':
      return {
        problem: `${group} has alternatives that can start with the same character (${atoms})`,
        advice: SPLIT_ADVICE,
      };
    case 'optional-overlap':
      return {
        problem: `${group} has an optional part '${finding.optional}' that can match the same character as what follows it (${atoms})`,
        advice: SPLIT_ADVICE,
      };
    case 'nested-repeat':
      return {
        problem: `${group} repeats a part that itself repeats, with nothing marking where one repetition ends`,
        advice: 'rewrite it without nested repetition, or with a required character that ends each repetition',
      };
    case 'ambiguous-empty':
      return {
        problem: `${group} can match nothing in more than one way between two characters (an empty alternative or optional part)`,
        advice: 'drop the empty alternative or make the optional part required',
      };
  }
}

export const UNREADABLE = {
  problem: 'its structure could not be analysed for catastrophic backtracking',
  advice: 'simplify it',
};
export const TOO_COMPLEX = {
  problem: 'it is too large to analyse for catastrophic backtracking',
  advice: 'split it or shorten its counted repeats',
};
