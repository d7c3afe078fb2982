/** Building, combining and formatting validation results. */
import type { ValidationResult } from './types';

/** The arguments as a whole have no parameter name; lists show them as "(arguments)". */
function label(parameter: string): string {
  return parameter === '' ? '(arguments)' : parameter;
}

/**
 * A message as it reads after its `- parameter:` label: the label already names the parameter, so a message
 * opening with `Parameter 'path': ` or `Parameter 'path' ` does not name it again (the format is
 * `- {ParameterName}: {Message}`). "- path: path is outside the workspace: '../x'", not
 * "- path: Parameter 'path': path is outside the workspace: '../x'".
 */
export function afterLabel(parameter: string, message: string): string {
  if (parameter === '') return message;
  const prefix = `Parameter '${parameter}'`;
  if (!message.startsWith(prefix)) return message;
  const rest = message.slice(prefix.length);
  if (rest.startsWith(': ')) return rest.slice(2);
  if (rest.startsWith(' ')) return rest.slice(1);
  return message;
}

const line = (entry: { parameter: string; message: string }): string =>
  `- ${label(entry.parameter)}: ${afterLabel(entry.parameter, entry.message)}`;

/** One line per error, `- parameter: message`; empty when valid. */
export function formatErrorMessage(result: ValidationResult): string {
  if (result.valid) return '';
  return result.errors.map(line).join('\n');
}

/** The text an LLM gets back so it can correct its call. */
export function toLlmContext(result: ValidationResult): string {
  if (result.valid) return 'Parameters validated successfully.';
  let text = 'Parameter validation failed:\n';
  for (const error of result.errors) {
    text += `${line(error)}\n`;
    if (error.expected !== undefined) text += `  Expected: ${error.expected}\n`;
  }
  return text;
}
