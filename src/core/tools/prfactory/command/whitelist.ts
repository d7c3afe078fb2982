/**
 * The shell whitelist, in two layers. Before anything runs (and before approval), every command the
 * text names — in pipelines, lists, loops, subshells and substitutions — must be a program on the list,
 * named literally; the script is parsed by the same bash parser that runs it. Then, while it runs, the
 * shell itself holds the list where it dispatches each program (`allowedPrograms`, see
 * workspace/shell/allow-list.ts), so what the text does not show — awk's `cmd | getline`, `xargs`,
 * `find -exec`, a sourced script, `eval` — is refused too.
 */
import { Bash } from 'just-bash';

// The browser build exports no bare parser; a Bash instance's transform() parses without running anything.
let parser: Bash | null = null;
const parse = (script: string): unknown => (parser ??= new Bash()).transform(script).ast;

export const ALLOWED_PROGRAMS = [
  'git',
  'dotnet',
  'npm',
  'node',
  'python',
  'python3',
  'ls',
  'cat',
  'head',
  'tail',
  'wc',
  'grep',
  'find',
  'echo',
  'printf',
  'pwd',
  'sort',
  'uniq',
  'diff',
  'mkdir',
  'touch',
  'cp',
  'mv',
  'sed',
  'awk',
  'cut',
  'tr',
  'xargs',
  'true',
  'false',
  'test',
  '[',
  'cd',
] as const;

const ALLOWED = new Set<string>(ALLOWED_PROGRAMS);
/**
 * Arguments that make an allowed program delete or reconfigure what the list cannot see. (What a
 * program starts — `find -exec`, awk's pipes, `xargs` — is checked where the shell dispatches it.)
 */
const ESCAPING_ARGUMENTS: Record<string, RegExp> = {
  find: /^-delete$/,
  git: /^(-c|--exec-path|--upload-pack|--receive-pack)$|^--config-env/,
};

export type WhitelistVerdict = { ok: true; programs: string[] } | { ok: false; message: string };

interface Node {
  type?: string;
  [key: string]: unknown;
}

function literal(word: unknown): string | null {
  const parts = (word as { parts?: Node[] } | undefined)?.parts;
  if (!Array.isArray(parts)) return null;
  let text = '';
  for (const part of parts) {
    if ((part.type === 'Literal' || part.type === 'SingleQuoted') && typeof part.value === 'string') text += part.value;
    else if (
      part.type === 'DoubleQuoted' &&
      Array.isArray(part.parts) &&
      part.parts.every((inner: Node) => inner.type === 'Literal')
    ) {
      text += (part.parts as Node[]).map((inner) => String(inner.value)).join('');
    } else return null;
  }
  return text;
}

export function checkWhitelist(script: string): WhitelistVerdict {
  let ast: unknown;
  try {
    ast = parse(script);
  } catch (error) {
    return {
      ok: false,
      message: `Parameter 'command': the shell could not parse it: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  const programs = new Set<string>();
  const problems: string[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      node.forEach(visit);
      return;
    }
    if (typeof node !== 'object' || node === null) return;
    const current = node as Node;
    if (current.type === 'FunctionDef') problems.push('defining shell functions is not allowed');
    if (current.type === 'SimpleCommand' && current.name) {
      const name = literal(current.name);
      if (name === null)
        problems.push('a command name must be written literally, not computed from variables or substitutions');
      else if (!ALLOWED.has(name)) problems.push(`'${name}' is not on the whitelist`);
      else {
        programs.add(name);
        const escaping = ESCAPING_ARGUMENTS[name];
        for (const argument of (current.args as unknown[] | undefined) ?? []) {
          const text = literal(argument);
          if (escaping && text !== null && escaping.test(text))
            problems.push(`'${name} ${text}' would run or delete other things`);
        }
      }
    }
    for (const value of Object.values(current)) if (typeof value === 'object') visit(value);
  };
  visit(ast);
  if (problems.length > 0) {
    return {
      ok: false,
      message: `Parameter 'command': ${[...new Set(problems)].join('; ')}. Allowed programs: ${ALLOWED_PROGRAMS.join(', ')}`,
    };
  }
  return { ok: true, programs: [...programs] };
}
