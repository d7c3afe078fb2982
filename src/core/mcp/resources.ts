/**
 * Resource templates (RFC 6570): the variables a template names, and its expansion through `url-template`, a
 * complete implementation of every operator. Path-like expressions need a value; query and fragment ones may go
 * without (an undefined variable expands to nothing, which there is harmless).
 */
import { parseTemplate } from 'url-template';

export interface TemplateVariable {
  name: string;
  /** The expression's operator: '' (simple), '+', '#', '.', '/', ';', '?' or '&'. */
  operator: string;
  /** A variable of a path-like expression must have a value for the URI to name one resource. */
  required: boolean;
}

const EXPRESSION = /\{([+#./;?&]?)([^}]*)\}/g;

export const isTemplate = (text: string): boolean => /\{[^}]*\}/.test(text);

export function templateVariables(template: string): TemplateVariable[] {
  const variables: TemplateVariable[] = [];
  for (const match of template.matchAll(EXPRESSION)) {
    const operator = match[1]!;
    for (const spec of match[2]!.split(',')) {
      const name = spec.replace(/\*$|:\d+$/, '').trim();
      if (name && !variables.some((variable) => variable.name === name))
        variables.push({ name, operator, required: !['?', '&', '#', ';'].includes(operator) });
    }
  }
  return variables;
}

export type Expansion = { ok: true; uri: string } | { ok: false; missing: TemplateVariable[] };

/** Expands a template; the required variables without a value are named instead. */
export function expandTemplate(template: string, values: Record<string, string | string[]>): Expansion {
  const missing = templateVariables(template).filter(
    (variable) => variable.required && (values[variable.name] === undefined || values[variable.name] === ''),
  );
  if (missing.length > 0) return { ok: false, missing };
  return { ok: true, uri: parseTemplate(template).expand(values) };
}
