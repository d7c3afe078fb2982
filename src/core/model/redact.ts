/** Keys never leave the request headers: traces show "[redacted]", curl a shell variable. */
const REDACTED = '[redacted]';

export function redactHeaders(headers: Record<string, string>, keyHeaders: readonly string[]): Record<string, string> {
  const lowered = new Set(keyHeaders.map((name) => name.toLowerCase()));
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name, lowered.has(name.toLowerCase()) ? REDACTED : value]),
  );
}

/** Replaces every occurrence of a key in text (an error body may echo part of it). */
export function redactText(text: string, apiKey: string): string {
  if (apiKey.length < 4) return text;
  return text.split(apiKey).join(REDACTED);
}

/** The key values carried by these headers ("Bearer " stripped). */
export function secretsOf(headers: Record<string, string>, keyHeaders: readonly string[]): string[] {
  const lowered = new Set(keyHeaders.map((name) => name.toLowerCase()));
  return Object.entries(headers)
    .filter(([name]) => lowered.has(name.toLowerCase()))
    .map(([, value]) => value.replace(/^Bearer\s+/i, ''))
    .filter((value) => value.length >= 4);
}
