/** ANSI styling that collapses to plain text when colour is off. */
export interface Style {
  bold(text: string): string;
  dim(text: string): string;
  red(text: string): string;
  green(text: string): string;
  yellow(text: string): string;
  cyan(text: string): string;
}

const wrap = (open: number, close: number) => (text: string) => `\u001b[${open}m${text}\u001b[${close}m`;

export const createStyle = (color: boolean): Style =>
  color
    ? {
        bold: wrap(1, 22),
        dim: wrap(2, 22),
        red: wrap(31, 39),
        green: wrap(32, 39),
        yellow: wrap(33, 39),
        cyan: wrap(36, 39),
      }
    : { bold: String, dim: String, red: String, green: String, yellow: String, cyan: String };

/** Whether the CLI should colour its output (https://no-color.org: any non-empty NO_COLOR turns it off). */
export const shouldColor = (isTty: boolean | undefined, noColor: string | undefined): boolean =>
  isTty === true && (noColor === undefined || noColor === '');

// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[\d+m/g;
export const visibleLength = (text: string): number => text.replace(ANSI, '').length;
export const padVisible = (text: string, width: number): string =>
  text + ' '.repeat(Math.max(0, width - visibleLength(text)));
