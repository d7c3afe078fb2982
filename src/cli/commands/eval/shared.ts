/** What the eval commands share: reading named files, the bar, writing JUnit. */
import type { CommandContext } from '../../types';

export type Read = { ok: true; text: string } | { ok: false; message: string };

export function readNamed(context: CommandContext, path: string, what: string): Read {
  if (!context.readFile) return { ok: false, message: `${what}: files cannot be read here` };
  try {
    return { ok: true, text: context.readFile(path) };
  } catch (error) {
    return { ok: false, message: `${what}: '${path}' could not be read: ${(error as Error).message}` };
  }
}

/** `--fail-under`: a share 0..1 or a percentage; without it every run must pass. */
export function parseBar(text: string | undefined): number | { error: string } {
  if (text === undefined) return 1;
  const match = /^(\d+(?:\.\d+)?|\.\d+)(%?)$/.exec(text.trim());
  const value = match ? Number(match[1]) / (match[2] === '%' ? 100 : 1) : NaN;
  return value >= 0 && value <= 1
    ? value
    : { error: `--fail-under must be a share between 0 and 1 or a percentage (got '${text}')` };
}

export const percent = (rate: number): string => `${(rate * 100).toFixed(1)}%`;

/** A path beside another file (a suite's toolset file is named relative to the suite). */
export function besides(file: string, relative: string): string {
  if (/^([a-zA-Z]:)?[\\/]/.test(relative)) return relative;
  const slash = Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\'));
  return slash === -1 ? relative : `${file.slice(0, slash + 1)}${relative}`;
}
