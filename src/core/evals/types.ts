/**
 * The model of an eval suite: cases with messages and the calls expected of the model, graded
 * one matcher at a time into one grade shape (promptfoo's GradingResult: pass, score, reason).
 */
import type { ArgumentExpectation } from './matchers';
import type { Grade } from './matchers/grade';

/** Every matcher and scorer answers with this (matchers/grade.ts). */
export type { Grade };
/** How one argument of an expected call is judged (matchers/index.ts). A bare value in a suite file means `equals`. */
export type { ArgumentExpectation };

export interface ExpectedCall {
  /** One tool name, or a set of acceptable names. */
  tool: string | string[];
  /** Arguments not named here may take any value (hallucinated ones are still counted by the scores)… */
  arguments?: Record<string, ArgumentExpectation>;
  /** …unless this is set: then any argument not named in `arguments` fails the call (BFCL's rule). */
  noOtherArguments?: true;
}

export type CallOrder = 'sequence' | 'any';

interface CaseExpectation {
  /** The calls the model should make; empty with `noCall`. */
  calls: ExpectedCall[];
  /** `sequence`: in this order; `any`: in any order (parallel calls). Default `any`. */
  order: CallOrder;
  /** No call at all is the right answer. */
  noCall: boolean;
  /** Tools that must not be called, whatever else happens. */
  mustNotCall: string[];
  /** Calls beyond the expected ones fail the case unless this is set. */
  allowExtraCalls: boolean;
}

export interface EvalMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content: string;
}

export interface EvalCase {
  id: string;
  description?: string;
  messages: EvalMessage[];
  expect: CaseExpectation;
  /** Overrides the suite's repetitions for this case. */
  repetitions?: number;
}

export interface EvalSuite {
  name: string;
  description?: string;
  /** A toolset id (bundled or imported) or a definitions file beside the suite. */
  toolset: string;
  toolsetVersion?: string;
  /** Runs per case and model (default 1). */
  repetitions: number;
  cases: EvalCase[];
}

/** A call as the model made it, in any provider's format once read. */
export interface ObservedCall {
  tool: string;
  /** An object, or the JSON text some providers send. */
  arguments: unknown;
}

/** Token counts, latency and cost of one model run, when the caller knows them. */
export interface RunUsage {
  inputTokens?: number;
  outputTokens?: number;
  latencyMs?: number;
  costUsd?: number;
}

/** The grade of one run of one case, with what the scores need. */
export interface CaseGrade extends Grade {
  /** Expected calls matched by an actual call (tool and arguments). */
  matched: number;
  expectedCalls: number;
  actualCalls: number;
  /** Tool-selection: actual calls whose tool name is one an expected call accepts. */
  rightTool: number;
  /** Tool selection: the tools called are the expected ones (none for a no-call case), none forbidden. */
  toolsCorrect: boolean;
  /** Calls the project's validator accepts against the tool's schema. */
  validCalls: number;
  /** Required parameters left out, by `tool.parameter`. */
  missing: string[];
  /** Parameters the schema does not have, by `tool.parameter`. */
  hallucinated: string[];
  /** Validation error codes over all calls, with counts. */
  errorCodes: Record<string, number>;
}

/** One run of one case on one model: what the model did and how it was graded. */
export interface CaseRun {
  case: string;
  model: string;
  toolsetVersion?: string;
  /** 1-based. */
  repetition: number;
  calls: ObservedCall[];
  grade: CaseGrade;
  /** The run failed before the model answered (after retries); graded as a failure. */
  error?: string;
  usage?: RunUsage;
}
