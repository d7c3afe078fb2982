import type { AuditRule, AuditSeverity } from '../types';
import { reporter } from './finding';

const CREDENTIAL = 'what looks like a credential';

const SENSITIVE: { pattern: RegExp; what: string; severity: AuditSeverity }[] = [
  // "password: hunter2", "api_key=…"
  {
    pattern:
      /\b(password|passwd|pwd|secret|api[_ -]?key|access[_ -]?token|auth[_ -]?token|client[_ -]?secret|private[_ -]?key)\s*[:=]\s*\S/i,
    what: CREDENTIAL,
    severity: 'error',
  },
  // Token shapes: sk-… (OpenAI, Anthropic), GitHub, Slack, AWS, Google keys, JWTs, bearer tokens, PEM keys.
  {
    pattern:
      /\bsk-[A-Za-z0-9_-]{2,}|\bgh[pousr]_[A-Za-z0-9]{10,}|\bgithub_pat_\w{10,}|\bxox[abprs]-[A-Za-z0-9-]{6,}|\bAKIA[0-9A-Z]{16}\b|\bAIza[0-9A-Za-z_-]{20,}|\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}|\bBearer\s+[A-Za-z0-9._~+/-]{8,}|-----BEGIN [A-Z ]*PRIVATE KEY-----/,
    what: CREDENTIAL,
    severity: 'error',
  },
  // "the API key abc123xyz", "password hunter2": a credential word followed by a value mixing letters and digits.
  {
    pattern:
      /\b(?:api[_ -]?key|token|password|passwd|secret)s?\s+(?:is\s+|of\s+)?["'`]?(?=[A-Za-z0-9_-]*[0-9])(?=[A-Za-z0-9_-]*[A-Za-z])[A-Za-z0-9_-]{6,}/i,
    what: CREDENTIAL,
    severity: 'error',
  },
  { pattern: /\b(?:\d{1,3}\.){3}\d{1,3}\b/, what: 'an IP address', severity: 'warning' },
  {
    pattern: /(^|[\s'"(])\/(etc|root|var|opt|srv)\/|[a-z]:\\(users|windows|program files)\\/i,
    what: 'an absolute host path',
    severity: 'warning',
  },
  { pattern: /\b(localhost|internal|intranet)\b(:\d+|\.[a-z])/i, what: 'an internal host name', severity: 'warning' },
  { pattern: /\bat\s+[\w.$]+\([\w.]+:\d+(:\d+)?\)/, what: 'a stack trace', severity: 'warning' },
];

/** Checklist: description text does not reveal sensitive implementation details. */
export const descriptionNoSecrets: AuditRule = {
  id: 'description-no-secrets',
  description: 'Descriptions reveal no credentials, IP addresses, host paths, internal hosts or stack traces.',
  check(context) {
    const { findings, report } = reporter(context, this.id);
    const texts: { parameter?: string; text: string }[] = [{ text: context.tool.description ?? '' }];
    for (const node of context.nodes) {
      if (typeof node.schema.description === 'string')
        texts.push({ parameter: node.parameter, text: node.schema.description });
    }
    for (const { parameter, text } of texts) {
      const where = parameter === undefined ? 'The tool description' : `Description of '${parameter}'`;
      // One finding per kind of leak in a text (a credential and an IP address are two problems).
      const kinds = new Set<string>();
      for (const hit of SENSITIVE) {
        if (kinds.has(hit.what) || !hit.pattern.test(text)) continue;
        kinds.add(hit.what);
        const advice =
          hit.what === CREDENTIAL
            ? 'descriptions go into every prompt and the public docs: remove it, and rotate the secret if it is real'
            : 'descriptions go into prompts and documentation, so use a neutral example instead';
        report(hit.severity, `${where} contains ${hit.what}; ${advice}.`, parameter);
      }
    }
    return findings;
  },
};
