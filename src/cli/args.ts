/** Command-line arguments split into positionals and flags; no third-party parser needed for this surface. */
export interface ParsedArguments {
  positionals: string[];
  flags: Map<string, string | true>;
  /** Flags given that the command does not know. */
  unknown: string[];
  /** Value flags given without a value. */
  missingValues: string[];
}

export interface FlagSpec {
  /** Flags that take a value (`--format openai-chat` or `--format=openai-chat`). */
  values?: readonly string[];
  /** Flags that are switches. */
  switches?: readonly string[];
}

export const parseArguments = (argv: readonly string[], spec: FlagSpec): ParsedArguments => {
  const values = new Set(spec.values ?? []);
  const switches = new Set([...(spec.switches ?? []), 'help']);
  const result: ParsedArguments = { positionals: [], flags: new Map(), unknown: [], missingValues: [] };
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index] ?? '';
    if (argument === '--') {
      result.positionals.push(...argv.slice(index + 1));
      break;
    }
    if (!argument.startsWith('--') || argument === '--') {
      if (argument === '-h') result.flags.set('help', true);
      else result.positionals.push(argument);
      continue;
    }
    const [rawName, inlineValue] = argument.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    if (values.has(rawName)) {
      const value = inlineValue ?? argv[index + 1];
      if (value === undefined || (inlineValue === undefined && value.startsWith('--')))
        result.missingValues.push(`--${rawName}`);
      else {
        result.flags.set(rawName, value);
        if (inlineValue === undefined) index++;
      }
    } else if (switches.has(rawName) && inlineValue === undefined) {
      result.flags.set(rawName, true);
    } else {
      result.unknown.push(argument);
    }
  }
  return result;
};

export const flagValue = (parsed: ParsedArguments, name: string): string | undefined => {
  const value = parsed.flags.get(name);
  return typeof value === 'string' ? value : undefined;
};

export const hasFlag = (parsed: ParsedArguments, name: string): boolean => parsed.flags.has(name);

/** The usage error for stray flags or missing values, if any. */
export const argumentProblem = (parsed: ParsedArguments): string | undefined => {
  if (parsed.unknown.length > 0)
    return `Unknown option${parsed.unknown.length === 1 ? '' : 's'}: ${parsed.unknown.join(', ')}`;
  if (parsed.missingValues.length > 0) return `Option ${parsed.missingValues.join(', ')} needs a value`;
  return undefined;
};
