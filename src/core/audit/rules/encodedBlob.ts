import { capital, escapeInvisible, excerpt, textLabel, toolTexts } from '../poisoning/texts';
import type { AuditRule } from '../types';
import { reporter } from './finding';

/** 40+ base64 characters in a run, optionally padded: long enough that words, paths and hashes in prose rarely match. */
const BLOB = /[A-Za-z0-9+/_-]{40,}={0,2}/gu;

/** A run that is base64 and not a word, a path or a hex digest: letters of both cases and digits mixed in. */
const looksEncoded = (run: string): boolean =>
  /[A-Z]/.test(run) && /[a-z]/.test(run) && /[0-9]/.test(run) && !/^[0-9a-f]+$/i.test(run);

/** What a base64 run says, when it decodes to readable text (the case that hides an instruction). */
const decoded = (run: string): string | undefined => {
  try {
    const text = atob(
      run
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .replace(/=+$/, '')
        .padEnd(Math.ceil(run.replace(/=+$/, '').length / 4) * 4, '='),
    );
    return /^[\x20-\x7E\s]+$/.test(text) ? text : undefined;
  } catch {
    return undefined;
  }
};

/** Poisoning: encoded blobs in text a model reads (it can decode them; a reviewer cannot read them). */
export const encodedBlob: AuditRule = {
  id: 'encoded-blob',
  description:
    'No base64 blobs in descriptions, enum values, defaults or examples: a model decodes what a reviewer cannot read.',
  check(context) {
    const { findings, report } = reporter(context, this.id);
    for (const entry of toolTexts(context.tool)) {
      if (entry.field === 'property name' || entry.field === 'name') continue;
      for (const match of entry.text.matchAll(BLOB)) {
        if (!looksEncoded(match[0])) continue;
        const text = decoded(match[0]);
        const label = textLabel(entry);
        report(
          text ? 'error' : 'warning',
          `${capital(label)} holds a ${match[0].length}-character base64 blob ("${excerpt(entry.text, match.index ?? 0, 0)}")${text ? `, which decodes to "${escapeInvisible(text).replace(/\s+/g, ' ').slice(0, 120)}"` : ''}; put readable text in what a model reads.`,
          entry.parameter,
          entry.pointer,
        );
        break;
      }
    }
    return findings;
  },
};
