import type { AuditRule } from '../types';
import { reporter } from './finding';

const SENSITIVE: { pattern: RegExp; what: string }[] = [
  { pattern: /\b(password|passwd|secret|api[_ -]?key|access[_ -]?token|private[_ -]?key)\s*[:=]/i, what: 'what looks like a credential' },
  { pattern: /\b(?:\d{1,3}\.){3}\d{1,3}\b/, what: 'an IP address' },
  { pattern: /(^|[\s'"(])\/(etc|root|var|opt|srv)\/|[a-z]:\\(users|windows|program files)\\/i, what: 'an absolute host path' },
  { pattern: /\b(localhost|internal|intranet)\b(:\d+|\.[a-z])/i, what: 'an internal host name' },
  { pattern: /\bat\s+[\w.$]+\([\w.]+:\d+(:\d+)?\)/, what: 'a stack trace' },
];

/** Checklist: description text does not reveal sensitive implementation details. */
export const descriptionNoSecrets: AuditRule = {
  id: 'description-no-secrets',
  description: 'Descriptions reveal no credentials, IP addresses, host paths, internal hosts or stack traces.',
  check(context) {
    const { findings, report } = reporter(context, this.id);
    const texts: { parameter?: string; text: string }[] = [{ text: context.tool.description ?? '' }];
    for (const node of context.nodes) {
      if (typeof node.schema.description === 'string') texts.push({ parameter: node.parameter, text: node.schema.description });
    }
    for (const { parameter, text } of texts) {
      const hit = SENSITIVE.find(({ pattern }) => pattern.test(text));
      if (hit) {
        const where = parameter === undefined ? 'The tool description' : `Description of '${parameter}'`;
        report('info', `${where} contains ${hit.what}; descriptions go into prompts and documentation, so use a neutral example instead.`, parameter);
      }
    }
    return findings;
  },
};
