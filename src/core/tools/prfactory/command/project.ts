/** Which build system a project directory uses, for RunTests and BuildProject. */
import type { Workspace } from '../../../workspace/types';

export type ProjectKind =
  | { kind: 'npm'; scripts: Record<string, string> }
  | { kind: 'dotnet'; project: string }
  | { kind: 'none'; looked: string };

/** `preferDotnet`: a .sln or .csproj wins over a package.json beside it (a build configuration was asked for). */
export async function detectProject(
  workspace: Workspace,
  absolute: string,
  relative: string,
  preferDotnet = false,
): Promise<ProjectKind> {
  const { fs } = workspace;
  const packageJson = `${absolute}/package.json`;
  if (preferDotnet) {
    const dotnet = (await fs.readdir(absolute)).filter((name) => /\.(sln|csproj)$/.test(name)).sort();
    if (dotnet.length > 0)
      return { kind: 'dotnet', project: dotnet.find((name) => name.endsWith('.sln')) ?? dotnet[0]! };
  }
  if (await fs.exists(packageJson)) {
    try {
      const parsed = JSON.parse(await fs.readFile(packageJson)) as { scripts?: Record<string, string> };
      return { kind: 'npm', scripts: parsed.scripts ?? {} };
    } catch {
      return { kind: 'npm', scripts: {} };
    }
  }
  const dotnet = (await fs.readdir(absolute)).filter((name) => /\.(sln|csproj)$/.test(name)).sort();
  if (dotnet.length > 0) return { kind: 'dotnet', project: dotnet.find((name) => name.endsWith('.sln')) ?? dotnet[0]! };
  return { kind: 'none', looked: `no package.json, .sln or .csproj in '${relative}'` };
}

/** Single-quotes a value for the shell. */
export const shellQuote = (value: string): string => `'${value.replace(/'/g, `'\\''`)}'`;
