/**
 * The streaming checker: lines (or already-parsed messages) in, one result per call out, a summary
 * at the end. JSON Lines are checked line by line with nothing kept but counts, so memory stays flat
 * however long the stream; a pretty-printed document (an exported conversation) is gathered whole first, up to
 * the same cap as one line, checked as each line arrives.
 */
import type { Validator } from '../validation/validator';
import type { ToolDefinition } from '../toolset/types';
import { parseArguments } from '../validation/json-text';
import { MAX_NESTING_DEPTH } from '../validation/limits';
import { boundArgumentsText } from '../json/text-limits';
import type { ValidateOptions } from '../validation/types';
import { checkCall, closestToolNames, createCheckContext, type CheckContext } from './check';
import { extractCalls, type Extraction } from './extract';
import { MAX_LINE_CHARACTERS } from './limits';
import { isOverlongLine, type LineStream, type OverlongLine } from './lines';
import { SummaryBuilder } from './summary';
import type { CallResult, CallSummary, InputLayout } from './types';

export interface CheckCallsOptions extends ValidateOptions {
  /** The validator the entry point built (createValidator). */
  validator: Validator;
  /** Called with the layout once it is known (before the first result). */
  onLayout?: (layout: InputLayout) => void;
  /**
   * Most UTF-16 code units gathered for one pretty-printed document, newlines included; a longer one is reported
   * and not read. By default the cap of the input's lines when it has one, else MAX_LINE_CHARACTERS.
   */
  maxDocumentCharacters?: number;
}

export interface CallCheck {
  /** One result per call or unreadable line, in input order. */
  results: AsyncGenerator<CallResult, void, undefined>;
  /** The report so far; complete once `results` is exhausted. */
  summary: () => CallSummary;
  /** Check the whole stream without handing out results, and report (instead of reading `results`, not besides). */
  complete: () => Promise<CallSummary>;
}

type Input = AsyncIterable<unknown> | Iterable<unknown>;

export const BYTE_ORDER_MARK = /^\uFEFF/;

/**
 * Records are parsed to this depth only (deeper containers emptied in place, before JSON.parse sees them): room for
 * every format's wrapping around arguments at the validator's own limit, so the validator still refuses what is
 * too deep, and nothing deeper is parsed or walked.
 */
const MAX_RECORD_DEPTH = MAX_NESTING_DEPTH + 16;
const parseRecord = (text: string): unknown => JSON.parse(boundArgumentsText(text, MAX_RECORD_DEPTH).text);

/**
 * A JSON object or array on one line, the sign that the text is JSON Lines: its value when the line is one, the
 * value the line's check reads when nothing was trimmed off it (else it is checked from its text). Parsed once: parsed
 * again to be checked, a 50 MB line's value is held twice at once.
 */
function parsedContainer(line: string): { value: object | null } | null {
  const trimmed = line.trim();
  if (!(trimmed.startsWith('{') || trimmed.startsWith('['))) return null;
  try {
    const value = parseRecord(trimmed);
    if (value === null || typeof value !== 'object') return null;
    return { value: trimmed.length === line.length ? value : null };
  } catch {
    return null;
  }
}

function malformed(index: number, line: number, message: string): CallResult {
  return {
    index,
    line,
    status: 'unparseable',
    tool: '',
    errors: [{ parameter: '', code: 'invalid_value', message, expected: 'A JSON value holding a tool call' }],
    llmText: `The tool call could not be read: ${message}\n`,
  };
}

/** Turns records into results, numbering them; a line checker (./recheck.ts) uses it to read one line again. */
export class Emitter {
  index = 0;
  constructor(
    readonly context: CheckContext,
    readonly builder: SummaryBuilder,
  ) {}

  /** Each call's line is `lineOf`'s answer, or `fallbackLine` (a JSON Lines record: no function made per line). */
  fromExtraction(
    extraction: Extraction,
    lineOf: ((call: { tool: string; id?: string }) => number) | null,
    fallbackLine: number,
    out: CallResult[],
  ): void {
    if (extraction.calls.length === 0 && extraction.broken.length === 0) this.builder.skip();
    for (const call of extraction.calls) {
      this.index += 1;
      const result = checkCall(call, this.context, {
        index: this.index,
        line: lineOf === null ? fallbackLine : lineOf(call),
      });
      this.builder.add(result);
      out.push(result);
    }
    for (const broken of extraction.broken) {
      this.index += 1;
      const result = {
        ...malformed(this.index, fallbackLine, `A tool call in this record could not be read: ${broken.reason}`),
        format: broken.format,
      };
      this.builder.add(result);
      out.push(result);
    }
  }

  /** A line the splitter would not join: one failure in its place, saying what to do. */
  fromOverlong(item: OverlongLine, line: number, out: CallResult[]): void {
    const count = (value: number) => value.toLocaleString('en-US');
    const message = `Line ${line} has ${count(item.characters)} characters, over the limit of ${count(item.limit)} for one line, so it was not read. To check the call it holds, cut its largest value down`;
    this.index += 1;
    const result = malformed(this.index, line, message);
    this.builder.addLineNotRead({ line, characters: item.characters, limit: item.limit, message });
    out.push(result);
  }

  /** A document that grew past the cap while it was gathered: one failure in its place, saying what to do. */
  fromOverlongDocument(firstLine: number, characters: number, limit: number, out: CallResult[]): void {
    const count = (value: number) => value.toLocaleString('en-US');
    const message = `The JSON document from line ${firstLine} has more than ${count(characters)} characters, over the limit of ${count(limit)} for one document, so it was not read. To check the calls it holds, write them as JSON Lines (one record per line), or cut its largest values down`;
    this.index += 1;
    const result = malformed(this.index, firstLine, message);
    this.builder.addLineNotRead({ line: firstLine, characters, limit, message }, 'document_too_long');
    out.push(result);
  }

  /** A line of JSON Lines; `parsed` is its value when it was parsed already (see parsedContainer). */
  fromLine(text: string, line: number, out: CallResult[], parsedValue: object | null = null): void {
    let value: unknown = parsedValue;
    try {
      if (value === null) value = parseRecord(text);
    } catch {
      const parsed = parseArguments(text);
      const reason = parsed.ok ? 'not valid JSON' : parsed.error.message.replace(/^Invalid JSON at line \d+, /, '');
      this.index += 1;
      const result = malformed(this.index, line, `Line ${line} is not valid JSON (${reason})`);
      this.builder.add(result);
      out.push(result);
      return;
    }
    this.fromExtraction(extractCalls(value), null, line, out);
  }

  /** A whole document: each call's line is found by searching forward for its id or name, in document order. */
  fromDocument(text: string, firstLine: number, lines: readonly string[], out: CallResult[]): void {
    let value: unknown;
    try {
      value = parseRecord(text);
    } catch {
      // Not one document after all: JSON Lines whose first line is broken.
      for (let offset = 0; offset < lines.length; offset++) {
        const lineText = lines[offset]!;
        if (lineText.trim() !== '') this.fromLine(lineText, firstLine + offset, out);
      }
      return;
    }
    let cursor = 0;
    let cursorLine = firstLine;
    const lineOf = (call: { tool: string; id?: string }): number => {
      let found = call.id !== undefined ? text.indexOf(JSON.stringify(call.id), cursor) : -1;
      // A numeric JSON-RPC id is not quoted in the text.
      if (found < 0 && call.id !== undefined && /^-?\d+$/.test(call.id)) {
        const numericId = new RegExp(`"id"\\s*:\\s*${call.id}(?![\\d.])`, 'g');
        numericId.lastIndex = cursor;
        found = numericId.exec(text)?.index ?? -1;
      }
      if (found < 0) found = text.indexOf(JSON.stringify(call.tool), cursor);
      if (found < 0) return cursorLine;
      for (let position = cursor; position < found; position++) if (text.charCodeAt(position) === 10) cursorLine += 1;
      cursor = found;
      return cursorLine;
    };
    this.fromExtraction(extractCalls(value), lineOf, firstLine, out);
  }
}

/** How a stream is read: its layout decided from the first lines, then line by line or as one document. */
interface Gathered {
  line: number;
  lines: string[];
  characters: number;
}

class StreamReader {
  private layout: InputLayout | null = null;
  // While the layout is undecided: the first non-blank line did not parse alone. `characters` counts what the
  // lines hold joined (a newline after each).
  private pending: Gathered | null = null;
  // A document past a line too long to read, or past the cap for a document, is `cut`: its lines are no longer
  // kept, nor is it parsed.
  private document: (Gathered & { cut?: boolean }) | null = null;
  private lineNumber = 0;

  constructor(
    private readonly emitter: Emitter,
    private readonly onDecide: (layout: InputLayout) => void,
    private readonly maxDocumentCharacters: number,
  ) {}

  /**
   * Adds a line to what is gathered, unless it would take it past the cap: then the document is cut (one failure
   * stands for it) and false is said. Checked before the line is kept, so no more than the cap is ever held.
   */
  private gather(gathered: Gathered, text: string, out: CallResult[]): boolean {
    const characters = gathered.characters + text.length + 1;
    if (characters <= this.maxDocumentCharacters) {
      gathered.lines.push(text);
      gathered.characters = characters;
      return true;
    }
    if (this.layout === null) this.decide('json-document');
    this.emitter.fromOverlongDocument(gathered.line, characters, this.maxDocumentCharacters, out);
    this.document = { line: gathered.line, lines: [], characters: 0, cut: true };
    this.pending = null;
    return false;
  }

  private decide(chosen: InputLayout): void {
    this.layout = chosen;
    this.onDecide(chosen);
  }

  /** One item of the stream; its results (if any yet) go to `out`. */
  push(item: unknown, out: CallResult[]): void {
    const emitter = this.emitter;
    this.lineNumber += 1;
    const lineNumber = this.lineNumber;
    if (isOverlongLine(item)) {
      this.overlong(item, lineNumber, out);
      return;
    }
    if (typeof item !== 'string') {
      if (this.layout === null) this.decide('json-lines');
      emitter.fromExtraction(extractCalls(item), null, lineNumber, out);
      return;
    }
    const text = lineNumber === 1 ? item.replace(BYTE_ORDER_MARK, '') : item;
    if (this.document !== null) {
      if (!this.document.cut) this.gather(this.document, text, out);
      return;
    }
    if (text.trim() === '') {
      if (this.pending !== null) this.gather(this.pending, text, out);
      return;
    }
    if (this.layout === 'json-lines') {
      emitter.fromLine(text, lineNumber, out);
      return;
    }
    const pending = this.pending;
    const container = parsedContainer(text);
    if (pending === null) {
      if (container !== null || !/^\s*[[{]/.test(text)) {
        this.decide('json-lines');
        emitter.fromLine(text, lineNumber, out, container?.value ?? null);
      } else this.gather((this.pending = { line: lineNumber, lines: [], characters: 0 }), text, out);
      return;
    }
    // The second non-blank line decides: a whole value on it means JSON Lines with a broken first line.
    if (container !== null) {
      this.decide('json-lines');
      for (let offset = 0; offset < pending.lines.length; offset++) {
        const lineText = pending.lines[offset]!;
        if (lineText.trim() !== '') emitter.fromLine(lineText, pending.line + offset, out);
      }
      this.pending = null;
      emitter.fromLine(text, lineNumber, out, container.value);
    } else {
      this.decide('json-document');
      this.document = pending;
      this.pending = null;
      this.gather(this.document, text, out);
    }
  }

  /**
   * A line too long to read. Undecided, the stream is taken for JSON Lines (one record that large is a line of its
   * own). In a document, the document cannot be read whole any more: this failure stands for it.
   */
  private overlong(item: OverlongLine, lineNumber: number, out: CallResult[]): void {
    if (this.document !== null) {
      if (!this.document.cut) this.emitter.fromOverlong(item, lineNumber, out);
      this.document.cut = true;
      this.document.lines = [];
      return;
    }
    if (this.layout === null) this.decide('json-lines');
    const pending = this.pending;
    if (pending !== null) {
      for (let offset = 0; offset < pending.lines.length; offset++) {
        const lineText = pending.lines[offset]!;
        if (lineText.trim() !== '') this.emitter.fromLine(lineText, pending.line + offset, out);
      }
      this.pending = null;
    }
    this.emitter.fromOverlong(item, lineNumber, out);
  }

  /** The end of the stream: a document read whole is checked now. */
  end(out: CallResult[]): void {
    if (this.pending !== null) {
      // A single non-blank line that is not JSON on its own.
      this.decide('json-document');
      this.document = this.pending;
      this.pending = null;
    }
    const finished = this.document;
    if (finished !== null && !finished.cut)
      this.emitter.fromDocument(finished.lines.join('\n'), finished.line, finished.lines, out);
  }
}

/**
 * Check every tool call in a stream against a toolset. Strings are lines of text (JSON Lines, or the
 * lines of one JSON document); any other item is a message or call already parsed. Read either the
 * results one by one, or only the summary with `complete()` (what `validate --batch` needs).
 */
export function checkCallStream(input: Input, tools: readonly ToolDefinition[], options: CheckCallsOptions): CallCheck {
  const { onLayout, validator, maxDocumentCharacters: _cap, ...validateOptions } = options;
  const context = createCheckContext(validator, tools, validateOptions);
  const builder = new SummaryBuilder((tool) => closestToolNames(context, tool));
  const lineCap = (input as Partial<LineStream>).maxLineCharacters;
  const documentCap =
    options.maxDocumentCharacters ??
    (lineCap !== undefined && Number.isFinite(lineCap) ? lineCap : MAX_LINE_CHARACTERS);
  const reader = new StreamReader(
    new Emitter(context, builder),
    (layout) => {
      builder.setLayout(layout);
      onLayout?.(layout);
    },
    documentCap,
  );

  async function* run(): AsyncGenerator<CallResult, void, undefined> {
    const out: CallResult[] = [];
    for await (const item of input as AsyncIterable<unknown>) {
      reader.push(item, out);
      if (out.length === 0) continue;
      // Most lines hold one call: yield it without copying the batch.
      if (out.length === 1) {
        const only = out[0]!;
        out.length = 0;
        yield only;
      } else for (const result of out.splice(0, out.length)) yield result;
    }
    reader.end(out);
    for (const result of out.splice(0, out.length)) yield result;
  }

  async function complete(): Promise<CallSummary> {
    context.resultsLeave = false;
    const out: CallResult[] = [];
    const batches = (input as Partial<LineStream>).lineBatches;
    if (typeof batches === 'function') {
      for await (const batch of batches()) {
        for (const line of batch) {
          reader.push(line, out);
          out.length = 0;
        }
      }
    } else {
      for await (const item of input as AsyncIterable<unknown>) {
        reader.push(item, out);
        out.length = 0;
      }
    }
    reader.end(out);
    return builder.summary();
  }

  return { results: run(), summary: () => builder.summary(), complete };
}

/** Every result and the summary of a whole text (the page's worker and tests use it on pasted text). */
export async function checkCallsText(
  text: string,
  tools: readonly ToolDefinition[],
  options: CheckCallsOptions,
): Promise<{ results: CallResult[]; summary: CallSummary }> {
  const check = checkCallStream(text.split(/\r?\n/), tools, options);
  const results: CallResult[] = [];
  for await (const result of check.results) results.push(result);
  return { results, summary: check.summary() };
}
