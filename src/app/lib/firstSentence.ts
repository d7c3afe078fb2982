/** The first sentence of a description's first line, for cards and one-line listings. */
export function firstSentence(description: string): string {
  const firstLine = description.trim().split('\n')[0] ?? '';
  const sentence = /^.*?[.!?](?=\s|$)/.exec(firstLine);
  return sentence ? sentence[0] : firstLine;
}
