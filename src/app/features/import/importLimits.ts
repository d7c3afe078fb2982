/**
 * Size and kind of a text measured before it reaches the text area: laying out a huge or binary text is what
 * freezes a tab, so the text is refused while it is still a string or a file, and what was typed stays.
 */
import { DEFAULT_MAX_CHARACTERS } from '../../../core/import';
import { megabytes } from '../../lib/textIntake';

export {
  BIG_TEXT_CHARACTERS,
  bigTextLabel,
  lengthAfterInsert,
  looksBinary,
  looksBinaryText,
  megabytes,
  SNIFF_BYTES,
} from '../../lib/textIntake';

export const MAX_IMPORT_CHARACTERS = DEFAULT_MAX_CHARACTERS;

/** Why a pasted or dropped text is refused, or null when it fits. */
export function insertRefusal(
  how: 'pasted' | 'dropped',
  resultLength: number,
  limit = MAX_IMPORT_CHARACTERS,
): string | null {
  if (resultLength <= limit) return null;
  return `The ${how} text would make ${resultLength.toLocaleString('en')} characters; imports are limited to ${limit.toLocaleString('en')} (${megabytes(limit)}). Nothing was changed: choose the file instead, or split the toolset into several files.`;
}

/** Why a file is refused for its size, or null. */
export function fileSizeRefusal(name: string, size: number, limit = MAX_IMPORT_CHARACTERS): string | null {
  return size > limit
    ? `${name} is ${megabytes(size)}; imports are limited to ${megabytes(limit)}. Split the toolset into several files.`
    : null;
}
