/**
 * The lint configuration file (`.tool-schemas-lint.json`, or `lint --config <file>`), as ESLint's `rules`:
 * `{ "rules": { "naming": "off", "string-max-length": "warning", "pseudo-tags": ["error"] } }`.
 */
import type { AuditSeverity } from './types';

export const LINT_CONFIG_FILE = '.tool-schemas-lint.json';
const SETTINGS = ['off', 'error', 'warning', 'info'] as const;
type Setting = (typeof SETTINGS)[number];

export interface LintConfig {
  /** Rule id → its severity, or off. */
  rules: Record<string, Setting>;
}

export type ConfigResult = { ok: true; config: LintConfig } | { ok: false; message: string };

/** ESLint's spellings are accepted too: 0/1/2, "warn", and the [setting] array form. */
const ALIASES: Record<string, Setting> = {
  off: 'off',
  '0': 'off',
  warn: 'warning',
  warning: 'warning',
  '1': 'warning',
  error: 'error',
  '2': 'error',
  info: 'info',
  note: 'info',
};

/** Reads and checks a configuration text; an unknown rule or setting is an error naming it and what is allowed. */
export const parseLintConfig = (
  text: string,
  knownRules: readonly string[],
  source = LINT_CONFIG_FILE,
): ConfigResult => {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: `${source}: not valid JSON (${(error as Error).message})` };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return { ok: false, message: `${source}: must be a JSON object such as {"rules": {"naming": "off"}}` };
  const unknownKeys = Object.keys(value).filter((key) => key !== 'rules' && key !== '$schema' && key !== '$comment');
  if (unknownKeys.length > 0)
    return {
      ok: false,
      message: `${source}: unknown field ${unknownKeys.map((key) => `'${key}'`).join(', ')}; the file holds "rules"`,
    };
  const rules = (value as { rules?: unknown }).rules ?? {};
  if (rules === null || typeof rules !== 'object' || Array.isArray(rules))
    return {
      ok: false,
      message: `${source}: "rules" must be an object of rule id → "off" | "info" | "warning" | "error"`,
    };
  const config: LintConfig = { rules: {} };
  for (const [rule, raw] of Object.entries(rules)) {
    if (!knownRules.includes(rule))
      return {
        ok: false,
        message: `${source}: unknown rule '${rule}' in "rules"; the rules are ${knownRules.join(', ')}`,
      };
    const spelled = Array.isArray(raw) ? raw[0] : raw;
    const setting = ALIASES[String(spelled)];
    if (setting === undefined || (typeof spelled !== 'string' && typeof spelled !== 'number')) {
      return {
        ok: false,
        message: `${source}: rule '${rule}' is set to ${JSON.stringify(raw)}; use "off", "info", "warning" or "error"`,
      };
    }
    config.rules[rule] = setting;
  }
  return { ok: true, config };
};

/** Findings with the configured severities, those of rules turned off removed. */
export const applyLintConfig = <T extends { rule: string; severity: AuditSeverity }>(
  findings: readonly T[],
  config: LintConfig | undefined,
): T[] => {
  if (!config) return [...findings];
  const result: T[] = [];
  for (const finding of findings) {
    const setting = config.rules[finding.rule];
    if (setting === 'off') continue;
    result.push(setting === undefined ? finding : { ...finding, severity: setting });
  }
  return result;
};
