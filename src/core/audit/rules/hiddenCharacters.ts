import { capital, escapeInvisible, INVISIBLE_SOURCE, textLabel, toolTexts } from '../poisoning/texts';
import type { AuditRule } from '../types';
import { reporter } from './finding';

const INVISIBLE = new RegExp(INVISIBLE_SOURCE, 'gu');
const TAG = /[\u{E0020}-\u{E007E}]/gu;
const BIDI = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/u;

/** Poisoning: characters a person reviewing the tool does not see but the model reads (hidden instructions, reordered text). */
export const hiddenCharacters: AuditRule = {
  id: 'hidden-characters',
  description:
    'No invisible, bidirectional-control or Unicode tag characters in names, titles, descriptions, enum values, defaults or examples.',
  check(context) {
    const { findings, report } = reporter(context, this.id);
    for (const entry of toolTexts(context.tool)) {
      const found = entry.text.match(INVISIBLE);
      if (!found) continue;
      const codes = [...new Set(found)].map((character) => escapeInvisible(character));
      // Tag characters spell ASCII one for one: show what they say, in visible letters.
      const tags = entry.text.match(TAG);
      const spelled = tags
        ? `; the tag characters spell "${tags.map((tag) => String.fromCodePoint((tag.codePointAt(0) ?? 0) - 0xe0000)).join('')}"`
        : '';
      const kind = tags
        ? 'Unicode tag characters (invisible text)'
        : BIDI.test(entry.text)
          ? 'bidirectional control characters (text shown in another order than the model reads it)'
          : 'invisible characters';
      report(
        'error',
        `${capital(textLabel(entry))} holds ${found.length} ${kind}: ${codes.slice(0, 8).join(' ')}${codes.length > 8 ? ' …' : ''}${spelled}. A reviewer cannot see them, a model reads them; remove them.`,
        entry.parameter,
        entry.pointer,
      );
    }
    return findings;
  },
};
