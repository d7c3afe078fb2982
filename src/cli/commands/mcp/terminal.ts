/** The terminal an elicitation asks on: questions and notes on standard error, answers read from standard input. */
import { createInterface } from 'node:readline/promises';
import type { Terminal } from './elicit';

/** A terminal when both standard input and standard error are one; none when piped (answers then come from flags). */
export function processTerminal(): Terminal | undefined {
  if (!process.stdin.isTTY || !process.stderr.isTTY) return undefined;
  return {
    async ask(question) {
      const lines = createInterface({ input: process.stdin, output: process.stderr });
      try {
        return await lines.question(question);
      } finally {
        lines.close();
      }
    },
    print: (line) => void process.stderr.write(`${line}\n`),
  };
}
