/// <reference lib="webworker" />
/**
 * Audits tools whose schemas have no validator generated at build time (imported ones). Compiling
 * a schema evaluates generated code, which the page's policy forbids; this worker is served with a policy of
 * its own that allows it (netlify.toml, workers/), and it has no page and no DOM to reach.
 */
import { createCompilingValidator } from '../../core/validation/compile';
import { lintTool, sortFindings } from '../../core/audit';
import { definitionFromText } from '../../core/diff/parse';
import { importToolset } from '../../core/import';
import type { NamingConvention, ToolDefinition } from '../../core/toolset/types';
import { checkCall, createCheckContext, type CheckContext } from '../../core/calls/check';
import { serveRequests } from '../worker/worker-client';
import type { CallResult, ExtractedCall } from '../../core/calls/types';
import { checkAnswer, formFields } from '../../core/mcp/input/elicitation';
import type { JsonSchema } from '../../core/toolset/types';

declare const self: DedicatedWorkerGlobalScope;

// This worker's validator: schemas without a validator generated at build time (imported ones) are compiled here.
const validator = createCompilingValidator();

export type SchemaWorkerRequest =
  | { kind: 'audit'; tool: ToolDefinition; naming?: NamingConvention }
  | { kind: 'import'; text: string }
  | { kind: 'definition'; text: string; pick?: string }
  /** A model's call judged against a toolset; `tools` is sent with a toolset's first call only (then known by `toolsKey`). */
  | { kind: 'judge'; toolsKey: string; tools?: ToolDefinition[]; call: ExtractedCall; index: number }
  /** A person's answer to a server's elicitation form, checked against the schema the server asked with. */
  | { kind: 'answer'; schema: JsonSchema; content: Record<string, unknown> };

// The same definition arrives with every keystroke: keep one object per definition, so its schema compiles once.
const known = new Map<string, ToolDefinition>();
function canonical(tool: ToolDefinition): ToolDefinition {
  const key = JSON.stringify(tool);
  let found = known.get(key);
  if (!found) {
    if (known.size > 200) known.clear();
    found = tool;
    known.set(key, found);
  }
  return found;
}

// The toolsets whose calls are judged here, each checked once into a context (its schemas compile on first use).
const contexts = new Map<string, CheckContext>();
function judge(request: Extract<SchemaWorkerRequest, { kind: 'judge' }>): CallResult | { missingTools: true } {
  if (request.tools) {
    if (contexts.size > 20) contexts.clear();
    contexts.set(request.toolsKey, createCheckContext(validator, request.tools));
  }
  const context = contexts.get(request.toolsKey);
  if (!context) return { missingTools: true };
  // Spread: an unknown tool's suggestions and text are worked out as they are read, and a posted value must carry them.
  return { ...checkCall(request.call, context, { index: request.index, line: 0 }) };
}

serveRequests<SchemaWorkerRequest, unknown>(self, (request) => {
  if (request.kind === 'judge') return judge(request);
  if (request.kind === 'answer')
    return checkAnswer(
      { mode: 'form', message: '', schema: request.schema, fields: formFields(request.schema) },
      request.content,
      validator,
    );
  if (request.kind === 'import') return importToolset(request.text, { validator });
  if (request.kind === 'definition') return definitionFromText(request.text, validator, request.pick);
  return sortFindings(
    lintTool(canonical(request.tool), request.naming ? { naming: request.naming, validator } : { validator }),
  );
});
