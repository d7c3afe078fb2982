/** Toolchains a browser workspace cannot run: one clear line and exit 127, never a faked success. */
import { defineCommand, type Command, type ExecResult } from 'just-bash';

export const UNAVAILABLE_TOOLCHAINS = [
  'pwsh',
  'powershell',
  'java',
  'javac',
  'mvn',
  'gradle',
  'cargo',
  'rustc',
  'go',
] as const;

const AVAILABLE_RUNTIMES_NOTE = 'available: bash built-ins, node, npm, python';

/** `also` names what the command itself can still do here (dotnet's syntax-check build). */
export function unavailableResult(name: string, also?: string): ExecResult {
  const available = also ? `${AVAILABLE_RUNTIMES_NOTE}, ${also}` : AVAILABLE_RUNTIMES_NOTE;
  return { stdout: '', stderr: `${name}: not available in the browser workspace (${available})\n`, exitCode: 127 };
}

export function createUnavailableCommands(): Command[] {
  return UNAVAILABLE_TOOLCHAINS.map((name) => defineCommand(name, async () => unavailableResult(name)));
}
