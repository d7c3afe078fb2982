/** Toolchains a browser workspace cannot run: one clear line and exit 127, never a faked success. */
import { defineCommand, type Command } from 'just-bash';

export const UNAVAILABLE_TOOLCHAINS = ['dotnet', 'pwsh', 'powershell', 'java', 'javac', 'mvn', 'gradle', 'cargo', 'rustc', 'go'] as const;

export const AVAILABLE_RUNTIMES_NOTE = 'available: bash built-ins, node, npm, python';

export function createUnavailableCommands(): Command[] {
  return UNAVAILABLE_TOOLCHAINS.map((name) =>
    defineCommand(name, async () => ({ stdout: '', stderr: `${name}: not available in the browser workspace (${AVAILABLE_RUNTIMES_NOTE})\n`, exitCode: 127 })),
  );
}
