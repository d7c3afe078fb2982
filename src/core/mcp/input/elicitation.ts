/**
 * Elicitation, the client side: a form request (a restricted JSON Schema of primitive fields) becomes the
 * questions a person answers, the answer is checked by the project's validator before it is sent, and a URL
 * request names its full URL and domain for the person to open themselves. Nothing here opens a URL.
 */
import type { ElicitRequest, ElicitResult } from '@modelcontextprotocol/client';
import type { JsonSchema, ToolDefinition } from '../../toolset/types';
import type { ValidationError } from '../../validation/types';
import type { Validator } from '../../validation/validator';

export type ElicitAction = 'accept' | 'decline' | 'cancel';

/** One field of a form request, in the order the schema lists them. */
export interface FormField {
  name: string;
  title: string;
  description?: string;
  required: boolean;
  type: 'string' | 'number' | 'integer' | 'boolean' | 'array';
  /** Allowed values (single select, or each item of a multi select), with their labels. */
  options?: { value: string; label: string }[];
  default?: unknown;
  schema: JsonSchema;
}

export interface FormRequest {
  mode: 'form';
  message: string;
  schema: JsonSchema;
  fields: FormField[];
}

export interface UrlRequest {
  mode: 'url';
  message: string;
  url: string;
  /** The host the URL leads to, shown beside it so a person sees where they are sent. */
  domain: string;
  elicitationId?: string;
}

export type ElicitationRequest = FormRequest | UrlRequest;

export type FormAnswer = { action: 'accept'; content: Record<string, unknown> } | { action: 'decline' | 'cancel' };

/** What the client does with each kind of request; the CLI asks on a TTY or reads --input, the page shows a form. */
export interface Elicitor {
  form(request: FormRequest, context?: AskContext): Promise<FormAnswer>;
  url(request: UrlRequest, context?: AskContext): Promise<ElicitAction>;
}

/**
 * What a question to the person comes with: `signal` is aborted when the answer can no longer matter (the server
 * cancelled its request, the call it belongs to was stopped or ran out of time, the connection closed); an elicitor
 * then stops asking and rejects with the signal's reason, so nothing is sent. `stop` stops the call it belongs to.
 */
export interface AskContext {
  signal?: AbortSignal;
  stop?: () => void;
}

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

function optionsOf(schema: Record<string, unknown>): FormField['options'] {
  const titled = Array.isArray(schema.oneOf) ? schema.oneOf : Array.isArray(schema.anyOf) ? schema.anyOf : undefined;
  if (titled)
    return titled.map(record).map((option) => ({
      value: String(option.const),
      label: typeof option.title === 'string' ? option.title : String(option.const),
    }));
  if (!Array.isArray(schema.enum)) return undefined;
  const names = Array.isArray(schema.enumNames) ? schema.enumNames : [];
  return schema.enum.map((value, index) => ({
    value: String(value),
    label: typeof names[index] === 'string' ? names[index] : String(value),
  }));
}

/** The fields of a requested schema, in order; the restricted schema has one level of primitive properties. */
export function formFields(schema: JsonSchema): FormField[] {
  const properties = record(schema.properties);
  const required = new Set(
    Array.isArray(schema.required) ? schema.required.filter((name): name is string => typeof name === 'string') : [],
  );
  return Object.entries(properties).map(([name, raw]) => {
    const field = record(raw);
    const type =
      (['string', 'number', 'integer', 'boolean', 'array'] as const).find((candidate) => candidate === field.type) ??
      'string';
    const options = type === 'array' ? optionsOf(record(field.items)) : optionsOf(field);
    return {
      name,
      title: typeof field.title === 'string' ? field.title : name,
      ...(typeof field.description === 'string' ? { description: field.description } : {}),
      required: required.has(name),
      type,
      ...(options ? { options } : {}),
      ...(field.default !== undefined ? { default: field.default } : {}),
      schema: field as JsonSchema,
    };
  });
}

/** The request as the client shows it: fields for a form, the URL and its domain for a link. */
export function describeElicitation(params: ElicitRequest['params']): ElicitationRequest {
  if (params.mode === 'url') {
    let domain: string;
    try {
      domain = new URL(params.url).host;
    } catch {
      domain = '(not a URL)';
    }
    return {
      mode: 'url',
      message: params.message,
      url: params.url,
      domain,
      ...(params.elicitationId ? { elicitationId: params.elicitationId } : {}),
    };
  }
  const schema = params.requestedSchema as unknown as JsonSchema;
  return { mode: 'form', message: params.message, schema, fields: formFields(schema) };
}

/** The answer with each omitted field's default filled in, as a form shows defaults pre-filled. */
export function withDefaults(request: FormRequest, content: Record<string, unknown>): Record<string, unknown> {
  const filled = { ...content };
  for (const field of request.fields)
    if (filled[field.name] === undefined && field.default !== undefined) filled[field.name] = field.default;
  return filled;
}

function asTool(schema: JsonSchema): ToolDefinition {
  return {
    name: 'elicitation',
    title: 'Elicitation',
    description: 'The form a server asked for',
    version: '1.0.0',
    category: 'mcp',
    riskLevel: 'low',
    tags: [],
    inputSchema: schema,
    examples: [],
    invalidExamples: [],
  };
}

/** The requested forms a validator has seen, by their schema's text, oldest first. */
const seenForms = new WeakMap<Validator, Map<string, ToolDefinition>>();
/** A server asks with a handful of forms; this many distinct ones are kept per validator. */
const SEEN_FORMS_KEPT = 32;

/**
 * The form as a tool whose schema the validator has compiled before, when the same schema was asked already. Every
 * request arrives as a new object (parsed from the wire, or cloned into a worker) and the validator caches compiled
 * schemas by object: without this each round compiles its schema again (about 1.3 ms for a three-field form,
 * against a few microseconds for the check itself, measured on the elicitation round trip of `npm run bench`).
 */
function formTool(schema: JsonSchema, validator: Validator): ToolDefinition {
  const key = JSON.stringify(schema);
  let seen = seenForms.get(validator);
  if (!seen) seenForms.set(validator, (seen = new Map()));
  const known = seen.get(key);
  if (known) return known;
  const tool = asTool(schema);
  seen.set(key, tool);
  if (seen.size > SEEN_FORMS_KEPT) seen.delete(seen.keys().next().value!);
  return tool;
}

/** Checks an answer against the requested schema with the project's validator; the errors, or none. */
export function checkAnswer(
  request: FormRequest,
  content: Record<string, unknown>,
  validator: Validator,
): ValidationError[] {
  const result = validator.validate(formTool(request.schema, validator), content);
  return result.valid ? [] : result.errors;
}

/**
 * How an answer is checked before it is sent: the project's validator in place (the CLI, tests), or the same
 * validator elsewhere (the page compiles no schema itself, so it checks in a worker).
 */
export type AnswerCheck = (
  request: FormRequest,
  content: Record<string, unknown>,
) => ValidationError[] | Promise<ValidationError[]>;

export const checkWith =
  (validator: Validator): AnswerCheck =>
  (request, content) =>
    checkAnswer(request, content, validator);

class InvalidAnswer extends Error {
  override name = 'InvalidAnswer';
  constructor(readonly errors: ValidationError[]) {
    super(
      `the answer does not match the requested schema: ${errors.map((error) => `${error.parameter || '(answer)'}: ${error.message}`).join('; ')}`,
    );
  }
}

/**
 * The `elicitation/create` handler: asks through the elicitor, fills defaults, and refuses to send an accepted
 * answer the requested schema does not allow (the error reaches the server as the request's failure).
 */
export function elicitationHandler(
  elicitor: Elicitor,
  check: AnswerCheck,
): (params: ElicitRequest['params'], context?: AskContext) => Promise<ElicitResult> {
  return async (params, context) => {
    const request = describeElicitation(params);
    if (request.mode === 'url') return { action: await elicitor.url(request, context) };
    const answer = await elicitor.form(request, context);
    if (answer.action !== 'accept') return { action: answer.action };
    const content = withDefaults(request, answer.content);
    const errors = await check(request, content);
    if (errors.length > 0) throw new InvalidAnswer(errors);
    return { action: 'accept', content: content as ElicitResult['content'] };
  };
}
