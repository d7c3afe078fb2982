/**
 * What the results whose texts are written when first read share: a rejected call's (./rejected-call.ts), an unknown
 * tool's (./unknown-tool-call.ts). Their keys are a plain result's, own and enumerable in the same order (the lazy ones
 * accessors), so spreads, JSON and structured clones (a worker posting results) carry the values. One accessor pair per
 * key is shared by every result, the state in private fields: a getter in the result's object literal is built in V8's
 * runtime with its closures and accessor pair each time (550–860 ns in a micro-benchmark, against about 150 ns for
 * this; see validation/lazy-error.ts).
 */
import type { ValidationError } from '../validation/types';
import type { CallResult, ExtractedCall } from './types';

export interface Position {
  index: number;
  line: number;
}

/** A result's plain keys, in a plain result's order; the lazy keys are defined after them. */
export class CallResultKeys {
  index: number;
  line: number;
  status: CallResult['status'];
  format: CallResult['format'];
  tool: string;
  arguments: unknown;
  errors: ValidationError[];

  constructor(call: ExtractedCall, status: CallResult['status'], position: Position, errors: ValidationError[]) {
    this.index = position.index;
    this.line = position.line;
    this.status = status;
    this.format = call.format;
    this.tool = call.tool;
    this.arguments = call.arguments;
    this.errors = errors;
  }
}
