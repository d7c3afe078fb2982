import type { JsonValue } from '../../toolset/types';
import type { AuditRule } from '../types';
import { reporter } from './finding';

/** Values that would be exploitable if a model copied them from an example. */
const UNSAFE_PATTERNS: { pattern: RegExp; why: string }[] = [
  { pattern: /(^|[\\/])\.\.([\\/]|$)/, why: 'a path traversal sequence (..)' },
  { pattern: /^\/(etc|root|proc|sys|boot|var)(\/|$)|^[a-z]:\\(windows|users)\\/i, why: 'an absolute system path' },
  {
    pattern: /\brm\s+-[a-z]*r[a-z]*f|\brm\s+-[a-z]*f[a-z]*r|\bdel\s+\/s|\bformat\s+[a-z]:/i,
    why: 'a destructive shell command',
  },
  { pattern: /\b(curl|wget)\b[^|]*\|\s*(ba|z)?sh\b/i, why: 'a download piped into a shell' },
  { pattern: /\u0000/, why: 'a null byte' },
];

const strings = (value: JsonValue, at: string, out: { at: string; text: string }[]) => {
  if (typeof value === 'string') out.push({ at, text: value });
  else if (Array.isArray(value)) value.forEach((item, index) => strings(item, `${at}[${index}]`, out));
  else if (value !== null && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) strings(item, at ? `${at}.${key}` : key, out);
  return out;
};

/** Checklist: example arguments use safe, non-exploitable values. */
export const examplesSafe: AuditRule = {
  id: 'examples-safe',
  description: 'Valid examples use safe values: no path traversal, system paths, destructive commands or null bytes.',
  check(context) {
    const { findings, report } = reporter(context, this.id);
    const examples = Array.isArray(context.tool.examples) ? context.tool.examples : [];
    for (const example of examples) {
      for (const { at, text } of strings(example.arguments, '', [])) {
        const unsafe = UNSAFE_PATTERNS.find(({ pattern }) => pattern.test(text));
        if (unsafe) {
          report(
            'warning',
            `Example '${example.title}' passes ${unsafe.why} in '${at}'; models copy examples, so use a harmless workspace-relative value.`,
            at.replace(/\[\d+\]/g, '[]'),
          );
        }
      }
    }
    return findings;
  },
};
