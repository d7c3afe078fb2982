/** The models a suite runs on (up to three), as the page's form holds them; keys live in the Models page's key store. */
import { PROVIDER_ADAPTERS } from '../../../core/model/providers';
import type { ProviderId } from '../../../core/model/spec';
import type { ModelTarget } from '../../../core/evals';

export interface ModelRow {
  provider: ProviderId;
  baseUrl: string;
  model: string;
}

export interface RowProblem {
  row: number;
  field: 'baseUrl' | 'model' | 'apiKey' | 'models';
  message: string;
}

export const MAX_MODELS = 3;
export const newRow = (provider: ProviderId = 'openai-chat'): ModelRow => ({
  provider,
  baseUrl: PROVIDER_ADAPTERS[provider].defaultBaseUrl,
  model: '',
});

const providerLabel = (provider: ProviderId): string => (provider === 'openai-chat' ? 'openai' : provider);
const rowLabel = (row: ModelRow): string => `${providerLabel(row.provider)}:${row.model.trim()}`;

/** Each row checked, the field named; keys by provider. */
export function rowProblems(rows: readonly ModelRow[], keyOf: (provider: ProviderId) => string): RowProblem[] {
  const problems: RowProblem[] = [];
  if (rows.length === 0)
    problems.push({ row: -1, field: 'models', message: 'Models: add at least one model to run the suite on.' });
  if (rows.length > MAX_MODELS)
    problems.push({ row: -1, field: 'models', message: `Models: at most ${MAX_MODELS} at once.` });
  const labels = new Set<string>();
  rows.forEach((row, index) => {
    const name = `Model ${index + 1}`;
    try {
      const url = new URL(row.baseUrl);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('protocol');
    } catch {
      problems.push({
        row: index,
        field: 'baseUrl',
        message: `${name}, base URL: not an http(s) address (e.g. http://localhost:11434/v1).`,
      });
    }
    if (row.model.trim() === '') problems.push({ row: index, field: 'model', message: `${name}: type the model id.` });
    else if (labels.has(rowLabel(row)))
      problems.push({ row: index, field: 'model', message: `${name}: ${rowLabel(row)} is already in the list.` });
    labels.add(rowLabel(row));
    if (row.provider !== 'openai-compatible' && keyOf(row.provider).trim() === '')
      problems.push({
        row: index,
        field: 'apiKey',
        message: `${name}, API key: ${PROVIDER_ADAPTERS[row.provider].label} needs your key.`,
      });
  });
  return problems;
}

export const targetsOf = (rows: readonly ModelRow[], keyOf: (provider: ProviderId) => string): ModelTarget[] =>
  rows.map((row) => ({
    label: rowLabel(row),
    provider: row.provider,
    model: row.model.trim(),
    baseUrl: row.baseUrl.trim(),
    apiKey: keyOf(row.provider).trim(),
  }));
