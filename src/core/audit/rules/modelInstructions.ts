import { capital, excerpt, textLabel, toolTexts } from '../poisoning/texts';
import type { AuditRule, AuditSeverity } from '../types';
import { reporter } from './finding';

/** What tool-poisoning attacks tell a model, one pattern per intent (a sentence, not a keyword, to keep honest tools quiet). */
const INTENTS: { what: string; pattern: RegExp; severity: AuditSeverity; negatable?: boolean }[] = [
  {
    what: 'tells the model to keep something from the user',
    pattern:
      /\b(?:do not|don't|never|without)\s+(?:\w+\s+){0,2}(?:tell(?:ing)?|mention(?:ing)?|inform(?:ing)?|reveal(?:ing)?|notify(?:ing)?|disclos(?:e|ing)|alert(?:ing)?|show(?:ing)?)\s+(?:\w+\s+){0,3}(?:the\s+)?user\b|\b(?:hide|conceal|keep)\b[^.\n]{0,40}\bfrom\s+the\s+user\b|\bthe\s+user\s+(?:must|should)\s+not\s+(?:know|see|be told)\b/iu,
    severity: 'error',
  },
  {
    what: 'tells the model to ignore its earlier instructions',
    pattern:
      /\b(?:ignore|disregard|forget|override|bypass)\s+(?:all\s+|any\s+)?(?:the\s+)?(?:previous|prior|earlier|above|preceding|other|system|original)\s+(?:\w+\s+)?(?:instructions?|prompts?|rules|messages|guidelines|directives)\b/iu,
    severity: 'error',
  },
  {
    what: 'asks for secrets (keys, credentials, SSH or environment files)',
    negatable: true,
    pattern:
      /\b(?:read|cat|open|load|include|attach|pass|send|provide|collect|copy|upload|print|add)\b[^.\n]{0,60}(?:~\/\.ssh|\bid_(?:rsa|ed25519)\b|(?:^|[\s'"`(/])\.env\b|\/etc\/(?:passwd|shadow)|\.aws\/credentials|\.npmrc|\.netrc|\.git-credentials|\bmcp\.json\b|\b(?:api[_ -]?keys?|private[_ -]?keys?|secret[_ -]?keys?|access[_ -]?tokens?|passwords?|credentials)\b)/iu,
    severity: 'error',
  },
  {
    what: 'tells the model to send data to an outside address',
    negatable: true,
    pattern:
      /\b(?:send|post|upload|forward|exfiltrate|transmit|leak|email|mail)\b[^.\n]{0,60}\b(?:to|at)\s+(?:https?:\/\/|[\w.+-]+@[\w-]+\.[\w.]+|(?:[\w-]+\.)+(?:com|net|org|io|xyz|ru|cn|top|site)\b)/iu,
    severity: 'error',
  },
  {
    what: 'tells the model to act before or instead of what the user asked',
    pattern:
      /\bbefore\s+(?:using|calling|running|you\s+use)\s+(?:this|any\s+other)\s+tool,?\s+(?:you\s+)?(?:must|should|always|first)\b|\byou\s+must\s+(?:always\s+)?(?:first\s+)?(?:call|use|run)\s+(?:this|the)\s+tool\s+(?:before|instead)\b/iu,
    severity: 'warning',
  },
];

/** "Do not include API keys" warns the model off secrets: a negated order is advice, not an attack (seen in a published server). */
const negated = (text: string, index: number): boolean =>
  /\b(?:do not|don't|never|must not|should not|avoid|without)\s+(?:\w+\s+)?$/iu.test(
    text.slice(Math.max(0, index - 30), index),
  );

/** Poisoning: text instructing the model — hide things from the user, ignore instructions, read secrets, send data out. */
export const modelInstructions: AuditRule = {
  id: 'model-instructions',
  description:
    'No text that instructs the model against the user: hide things, ignore earlier instructions, read secrets, send data somewhere.',
  check(context) {
    const { findings, report } = reporter(context, this.id);
    for (const entry of toolTexts(context.tool)) {
      if (entry.field === 'property name' || entry.field === 'name') continue;
      for (const intent of INTENTS) {
        const match = intent.pattern.exec(entry.text);
        if (!match || (intent.negatable && negated(entry.text, match.index))) continue;
        const label = textLabel(entry);
        report(
          intent.severity,
          `${capital(label)} ${intent.what}: "${excerpt(entry.text, match.index, match[0].length)}". A tool describes itself; it does not give the model orders.`,
          entry.parameter,
          entry.pointer,
        );
      }
    }
    return findings;
  },
};
