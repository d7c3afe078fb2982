/**
 * The page's door to schema work it must not do itself: a tool whose schema has no validator generated at build
 * time (an imported one) is audited, and definitions are imported, in schema.worker.ts; its arguments are validated
 * in the playground's evaluation worker. Bundled tools never go there. One door a page: `page.part(createSchemaChecks)`,
 * holding its worker's client and what that worker holds.
 */
import type { AuditFinding } from '../../core/audit';
import type { ParsedDefinition } from '../../core/diff/parse';
import type { ImportResult } from '../../core/import';
import type { JsonSchema, NamingConvention, ToolDefinition } from '../../core/toolset/types';
import type { ValidationError } from '../../core/validation/types';
import type { Validator } from '../../core/validation/validator';
import { hasGeneratedValidator, type PrecompiledLoads } from './precompiledValidators';
import type { SchemaWorkerRequest } from './schema.worker';
import type { CallResult, ExtractedCall } from '../../core/calls/types';
import { createWorkerClient } from '../worker/worker-client';

export interface SchemaChecks {
  /**
   * Whether this tool's schema is checked off the page. In a browser a schema without a generated validator is; elsewhere
   * (tests, the CLI) it is checked in place. A bundled tool's validator is loaded before its page renders; should one be
   * asked for earlier, it is checked off the page meanwhile and its load started on `precompiled`, the page's loads.
   */
  elsewhere(validator: Validator, tool: ToolDefinition, precompiled: PrecompiledLoads): boolean;
  audit(tool: ToolDefinition, naming?: NamingConvention): Promise<AuditFinding[]>;
  /** Checks definitions as the import page does (their schemas compile), off the page. */
  importText(text: string): Promise<ImportResult>;
  /** Checks a person's answer to a server's elicitation form against the schema it asked with, off the page. */
  answer(schema: JsonSchema, content: Record<string, unknown>): Promise<ValidationError[]>;
  /** Reads a pasted definition to compare (reading it checks that its schema compiles), off the page. */
  definition(text: string, pick?: string): Promise<ParsedDefinition>;
  /**
   * Judges a model's call against these tools, off the page (an imported schema or an earlier version compiles there).
   * The tools travel with the first call of a list only; the same array object is the same toolset.
   */
  judge(tools: readonly ToolDefinition[], call: ExtractedCall, index: number): Promise<CallResult>;
}

export function createSchemaChecks(): SchemaChecks {
  /** Verdicts of `elsewhere`, by validator (an embed beside the site has its own) and schema. */
  const verdictsBy = new WeakMap<Validator, WeakMap<object, boolean>>();
  /** Toolsets the current worker holds (judge), by key: a fresh worker holds none. */
  const knownToolsets = new Set<string>();
  const toolsetKeys = new WeakMap<readonly ToolDefinition[], string>();
  let nextToolsetKey = 1;
  const checks = createWorkerClient<SchemaWorkerRequest, unknown>({
    create: () => new Worker(new URL('./schema.worker.ts', import.meta.url), { type: 'module', name: 'schema-checks' }),
    name: 'The schema checks',
    onStart: () => knownToolsets.clear(),
  });

  /** The worker's answer; its failure (an error, a crash) is thrown, as the callers of these functions expect. */
  async function request<T>(message: SchemaWorkerRequest): Promise<T> {
    const outcome = await checks.request(message);
    if (!outcome.ok) throw new Error(outcome.error);
    return outcome.value as T;
  }

  return {
    elsewhere(validator, tool, precompiled) {
      if (typeof Worker !== 'function' || typeof window === 'undefined') return false;
      let verdicts = verdictsBy.get(validator);
      if (!verdicts) verdictsBy.set(validator, (verdicts = new WeakMap()));
      const known = verdicts.get(tool.inputSchema);
      if (known !== undefined) return known;
      if (validator.hasPrecompiled(tool.inputSchema)) {
        verdicts.set(tool.inputSchema, false);
        return false;
      }
      if (hasGeneratedValidator(tool.inputSchema)) void precompiled.load(validator, tool.inputSchema);
      else verdicts.set(tool.inputSchema, true);
      return true;
    },
    audit: (tool, naming) => request<AuditFinding[]>({ kind: 'audit', tool, ...(naming ? { naming } : {}) }),
    importText: (text) => request<ImportResult>({ kind: 'import', text }),
    answer: (schema, content) => request<ValidationError[]>({ kind: 'answer', schema, content }),
    definition: (text, pick) =>
      request<ParsedDefinition>({ kind: 'definition', text, ...(pick !== undefined ? { pick } : {}) }),
    async judge(tools, call, index) {
      let toolsKey = toolsetKeys.get(tools);
      if (toolsKey === undefined) toolsetKeys.set(tools, (toolsKey = `toolset-${nextToolsetKey++}`));
      const key = toolsKey;
      const send = (withTools: boolean) =>
        request<CallResult | { missingTools: true }>({
          kind: 'judge',
          toolsKey: key,
          call,
          index,
          ...(withTools ? { tools: [...tools] } : {}),
        });
      // Marked before sending: the worker reads messages in order, so a second call right behind the first finds the tools.
      const withTools = !knownToolsets.has(key);
      knownToolsets.add(key);
      let value = await send(withTools);
      // The worker forgot it (too many toolsets, or it was started again): send the tools once more.
      if ('missingTools' in value) value = await send(true);
      if ('missingTools' in value) throw new Error('The schema checks could not hold the toolset.');
      return value;
    },
  };
}
