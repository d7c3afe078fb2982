/** Side by side: the models of columns 2 and 3 (their keys in this tab's memory only), or a toolset variant. */
import { MAX_COLUMNS } from '../../../core/model/agent/compare';
import { PROVIDER_ADAPTERS } from '../../../core/model/providers';
import type { ProviderId } from '../../../core/model/spec';
import { settingsProblems, type RunSettings, type SettingsProblem } from './settings';

export interface ColumnModel {
  provider: ProviderId;
  baseUrl: string;
  model: string;
  apiKey: string;
}

export interface CompareSettings {
  kind: 'off' | 'models' | 'toolsets';
  /** The models beside the form's own (at most MAX_COLUMNS - 1). */
  extra: ColumnModel[];
  /** Toolset versions: the tool the second column changes, and the edited description. */
  editTool: string;
  editDescription: string;
  /** '' : the second column edits the tool's description; else an earlier bundled version of the tool, by its version. */
  editVersion: string;
}

export const NO_COMPARE: CompareSettings = {
  kind: 'off',
  extra: [],
  editTool: '',
  editDescription: '',
  editVersion: '',
};

export const newColumn = (provider: ProviderId = 'openai-chat'): ColumnModel => ({
  provider,
  baseUrl: PROVIDER_ADAPTERS[provider].defaultBaseUrl,
  model: '',
  apiKey: '',
});

export const MAX_EXTRA_COLUMNS = MAX_COLUMNS - 1;

/** Problems of the side-by-side settings, each naming its column and field; the form's own are checked apart. */
export function compareProblems(
  settings: RunSettings,
  compare: CompareSettings,
  toolNames: readonly string[],
): SettingsProblem[] {
  const problems: SettingsProblem[] = [];
  if (compare.kind === 'models') {
    if (compare.extra.length === 0) problems.push({ field: 'compare', message: 'Side by side: add a second model.' });
    compare.extra.forEach((column, index) => {
      const found = settingsProblems(
        { ...settings, ...column },
        column.apiKey,
        column.provider !== 'openai-compatible',
      );
      for (const problem of found)
        if (problem.field === 'baseUrl' || problem.field === 'model' || problem.field === 'apiKey')
          problems.push({ field: 'compare', message: `Model ${index + 2} — ${problem.message}` });
    });
  }
  if (compare.kind === 'toolsets') {
    if (!toolNames.includes(compare.editTool))
      problems.push({
        field: 'compare',
        message: 'Edited tool: pick the tool whose description the second version changes.',
      });
    else if (compare.editVersion === '' && compare.editDescription.trim() === '')
      problems.push({ field: 'compare', message: 'Edited description: write the description to try.' });
  }
  if (compare.kind !== 'off' && settings.mode === 'agent')
    problems.push({
      field: 'compare',
      message: 'Side by side judges the calls of one step: choose "Judge the calls and stop".',
    });
  return problems;
}
