/** What the form holds: everything a run needs but the key. Kept with each run for re-runs. */
import type { AutoApproveLimit } from '../../../core/model/agent/approval';
import { DEFAULT_MAX_STEPS, MAX_STEPS_LIMIT } from '../../../core/model/agent/stop';
import type { ProviderId, ToolChoice } from '../../../core/model/spec';
import { DEFAULT_TOOLSET_ID } from '../../../core/toolset/collection';

export interface RunSettings {
  provider: ProviderId;
  baseUrl: string;
  model: string;
  system: string;
  userMessage: string;
  toolsetId: string;
  /** null: every tool of the toolset. */
  selectedTools: string[] | null;
  toolChoice: ToolChoice;
  /** null: the provider's default. */
  temperature: number | null;
  mode: 'judge' | 'agent';
  maxSteps: number;
  autoApprove: AutoApproveLimit;
}

export const DEFAULT_SETTINGS: RunSettings = {
  provider: 'openai-chat',
  baseUrl: 'https://api.openai.com/v1',
  model: '',
  system: 'You are a coding agent working in a small repository. Use the tools to answer.',
  userMessage: '',
  toolsetId: DEFAULT_TOOLSET_ID,
  selectedTools: null,
  toolChoice: { type: 'auto' },
  temperature: null,
  mode: 'judge',
  maxSteps: DEFAULT_MAX_STEPS,
  autoApprove: 'none',
};

export interface SettingsProblem {
  field: keyof RunSettings | 'apiKey' | 'compare';
  message: string;
}

/** Bad input named by its field and rule; nothing typed is changed. */
export function settingsProblems(settings: RunSettings, apiKey: string, needsKey: boolean): SettingsProblem[] {
  const problems: SettingsProblem[] = [];
  try {
    const url = new URL(settings.baseUrl);
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      problems.push({ field: 'baseUrl', message: 'Base URL: use an http:// or https:// address.' });
  } catch {
    problems.push({ field: 'baseUrl', message: 'Base URL: not an address (e.g. http://localhost:11434/v1).' });
  }
  if (settings.model.trim() === '')
    problems.push({ field: 'model', message: 'Model: type a model id or pick one from the list.' });
  if (needsKey && apiKey.trim() === '')
    problems.push({ field: 'apiKey', message: 'API key: this provider needs your key.' });
  if (settings.userMessage.trim() === '')
    problems.push({ field: 'userMessage', message: 'User message: write what the model should do.' });
  if (settings.temperature !== null && !(settings.temperature >= 0 && settings.temperature <= 2))
    problems.push({ field: 'temperature', message: 'Temperature: a number from 0 to 2.' });
  if (!(Number.isInteger(settings.maxSteps) && settings.maxSteps >= 1 && settings.maxSteps <= MAX_STEPS_LIMIT))
    problems.push({ field: 'maxSteps', message: `Steps: a whole number from 1 to ${MAX_STEPS_LIMIT}.` });
  if (settings.selectedTools !== null && settings.selectedTools.length === 0)
    problems.push({ field: 'selectedTools', message: 'Tools: pick at least one tool, or all.' });
  if (
    settings.toolChoice.type === 'tool' &&
    settings.selectedTools !== null &&
    !settings.selectedTools.includes(settings.toolChoice.name)
  ) {
    problems.push({
      field: 'toolChoice',
      message: `Tool choice: ${settings.toolChoice.name} is not among the tools sent.`,
    });
  }
  return problems;
}

/** The message of a field's problem, if it has one. */
export const problemOf = (problems: readonly SettingsProblem[], field: SettingsProblem['field']): string | undefined =>
  problems.find((problem) => problem.field === field)?.message;

/**
 * A form's change as a patch: the fields it changed from the settings it was drawn with, laid over the settings as
 * they are now. A form hands back a whole object spread from its render; applied as it is, it would undo what was
 * queued since that render (the settings recalled from an earlier visit, an edit replayed from before the page was
 * taken over), and a field typed into could be reset under the person's fingers.
 */
export function patchSettings<T extends object>(drawnWith: T, next: T, current: T): T {
  let patched: T | null = null;
  for (const key of Object.keys(next) as (keyof T)[]) {
    if (Object.is(next[key], drawnWith[key]) || Object.is(next[key], current[key])) continue;
    patched ??= { ...current };
    patched[key] = next[key];
  }
  return patched ?? current;
}

/**
 * What an earlier visit left, laid only over the fields still as the page was drawn: a field edited since (typed
 * before the page was taken over, or at the very moment) keeps its edit, whichever of the two comes first.
 */
export function fillUntouched<T extends object>(drawnWith: T, recalled: T, current: T): T {
  let filled: T | null = null;
  for (const key of Object.keys(recalled) as (keyof T)[]) {
    if (!Object.is(current[key], drawnWith[key]) || Object.is(current[key], recalled[key])) continue;
    filled ??= { ...current };
    filled[key] = recalled[key];
  }
  return filled ?? current;
}
