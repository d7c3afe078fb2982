/**
 * `tool-schemas emulator [--port N] [--scenario <name>]`: the provider emulator on loopback, so the Models and
 * Evals pages and `eval --model` can be tried without a key. It answers every provider's wire format and runs
 * until Ctrl-C (or SIGTERM), then closes its connections and exits 0.
 */
import { argumentProblem, flagValue, hasFlag, parseArguments } from '../args';
import { isScenario, SCENARIOS, type Scenario } from '../../core/model/emulator/scenarios';
import { EXIT_USAGE, type CommandResult } from '../types';
import type { Command } from '../command';

export const EMULATOR_USAGE = `Usage: tool-schemas emulator [--port <n>] [--scenario <name>]

  Starts a model provider emulator on this machine (127.0.0.1): OpenAI Chat Completions and Responses,
  Anthropic Messages, Google Gemini and OpenAI-compatible servers, each in its own wire format, with their
  model lists (emulated-large, emulated-small). No real key is needed: any key is accepted, except one
  containing "wrong", which is refused as a provider refuses a bad key. Ctrl-C stops it.

  --port <n>         the port to listen on, 1 to 65535 (default: a free one)
  --scenario <name>  the answer to a message without a [tag] (default: calls)

  A tag in the user message picks the scenario for that run, e.g. "[agent] list the folder":
${Object.entries(SCENARIOS)
  .map(([name, what]) => `    ${`[${name}]`.padEnd(17)} ${what}`)
  .join('\n')}`;

export interface EmulatorSettings {
  port: number;
  scenario: Scenario;
}

/** The settings, or the usage error that names the parameter and the rule. */
export function emulatorSettings(argv: readonly string[]): EmulatorSettings | CommandResult {
  const parsed = parseArguments(argv, { values: ['port', 'scenario'] });
  if (hasFlag(parsed, 'help')) return { stdout: `${EMULATOR_USAGE}\n`, stderr: '', exitCode: 0 };
  const problem =
    argumentProblem(parsed) ??
    (parsed.positionals.length > 0 ? `Unexpected argument: ${parsed.positionals[0]}` : undefined);
  const usage = (message: string): CommandResult => ({
    stdout: '',
    stderr: `${message}\n\n${EMULATOR_USAGE}\n`,
    exitCode: EXIT_USAGE,
  });
  if (problem) return usage(problem);
  const portText = flagValue(parsed, 'port') ?? '0';
  const port = /^\d{1,5}$/.test(portText) ? Number(portText) : Number.NaN;
  if (!(port >= 0 && port <= 65535) || (flagValue(parsed, 'port') !== undefined && port === 0))
    return usage(`--port '${portText}': a whole number from 1 to 65535`);
  const scenario = flagValue(parsed, 'scenario') ?? 'calls';
  if (!isScenario(scenario)) return usage(`--scenario '${scenario}': one of ${Object.keys(SCENARIOS).join(', ')}`);
  return { port, scenario };
}

/** What the emulator prints once it listens: the base URL per provider, and how to use each. */
export function emulatorGreeting(url: string, scenario: Scenario): string {
  const rows: [string, string][] = [
    ['OpenAI Chat Completions', `${url}/v1`],
    ['OpenAI Responses', `${url}/v1`],
    ['Anthropic Messages', url],
    ['Google Gemini', url],
    ['OpenAI-compatible', `${url}/v1`],
  ];
  return [
    `Provider emulator listening on ${url} (Ctrl-C stops it)`,
    '',
    'Base URL per provider:',
    ...rows.map(([provider, base]) => `  ${provider.padEnd(25)} ${base}`),
    '',
    'Models page: pick a provider, set its base URL above, model emulated-large, any key (e.g. emulated),',
    '  and a user message; start it with a tag such as [agent] or [compare] to pick a scenario.',
    `Messages without a tag get the "${scenario}" scenario: ${SCENARIOS[scenario]}.`,
    '',
    'Evals from the command line:',
    `  OPENAI_API_KEY=emulated npx tool-schemas eval <suite> --model openai:emulated-large --base-url ${url}/v1`,
    '',
  ].join('\n');
}

export interface EmulatorIo {
  write: (text: string) => void;
  /** Resolves when the process is asked to stop (Ctrl-C, SIGTERM). */
  stopped: Promise<unknown>;
}

/** Starts the emulator, prints how to reach it, and serves until asked to stop. */
export async function runEmulatorCli(argv: readonly string[], io: EmulatorIo): Promise<CommandResult> {
  const settings = emulatorSettings(argv);
  if (!('port' in settings)) return settings;
  const { startProviderEmulator } = await import('../../core/model/emulator/server.node.js');
  let emulator;
  try {
    emulator = await startProviderEmulator({ port: settings.port, defaultScenario: settings.scenario, record: false });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === 'EADDRINUSE'
        ? 'it is in use; choose another with --port, or leave --port out for a free one'
        : code === 'EACCES'
          ? 'this user may not listen on it; use a port above 1023'
          : (error as Error).message;
    return { stdout: '', stderr: `--port ${settings.port}: the emulator could not listen: ${why}\n`, exitCode: 1 };
  }
  io.write(emulatorGreeting(emulator.url, settings.scenario));
  await io.stopped;
  await emulator.close();
  return { stdout: 'Provider emulator stopped.\n', stderr: '', exitCode: 0 };
}

export const command: Command = {
  name: 'emulator',
  usage: EMULATOR_USAGE,
  summary: `emulator [--port <n>] [--scenario <name>]                     a model provider emulator on loopback: Models and Evals without a key`,
  // It serves until Ctrl-C or SIGTERM; its server code is loaded only when it runs.
  run: (argv, context) => {
    const signal = context.stopSignal?.() ?? new AbortController().signal;
    const stopped = new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
    return runEmulatorCli(argv, { write: context.write ?? (() => undefined), stopped });
  },
};
