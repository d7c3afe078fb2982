/** The schema a server's elicitation form is drawn from by the site's schema form. */
import type { FormRequest } from '../../../core/mcp/input';
import type { JsonSchema } from '../../../core/toolset/types';

/** As requested, with each multiple choice said to hold distinct values: the form then draws it as a multiple select. */
export function elicitationFormSchema(request: FormRequest): JsonSchema {
  const properties = Object.fromEntries(
    request.fields.map((field) => [
      field.name,
      field.type === 'array' && field.options ? { ...field.schema, uniqueItems: true } : field.schema,
    ]),
  );
  return { ...request.schema, properties };
}
