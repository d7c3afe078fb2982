/** Every matcher and scorer answers with this. */
export interface Grade {
  pass: boolean;
  /** 0..1 */
  score: number;
  reason: string;
}

export const passed = (reason: string): Grade => ({ pass: true, score: 1, reason });
export const failed = (reason: string, score = 0): Grade => ({ pass: false, score, reason });

/** A value quoted in a reason, cut short: a reason is read by people, not diffed. */
export function quote(value: unknown): string {
  if (value === undefined) return 'nothing';
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}
// Pass reasons name the argument but do not quote its value: quoting every passing value cost more
// than the matching itself over 100,000 calls (npm run bench); failures quote both sides.
