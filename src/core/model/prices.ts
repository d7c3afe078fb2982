/**
 * A run's cost: the provider's own figure when it reports one (OpenRouter), else its tokens at the list price of
 * prices.json (data, with its source page and date), else unknown — never 0 for a model whose price is not known.
 */
import table from './prices.json';
import type { ProviderId, Usage } from './spec';

export interface ModelPrice {
  /** USD per million input tokens. */
  input: number;
  /** USD per million output tokens. */
  output: number;
}

interface ProviderPrices {
  source: string;
  asOf: string;
  note?: string;
  models: Record<string, ModelPrice>;
}

const PRICES = table.providers as Record<string, ProviderPrices>;

/** The table a provider's models are priced from; an OpenAI-compatible server (local, or a router) has none. */
const TABLE_OF: Record<ProviderId, string | null> = {
  'openai-chat': 'openai',
  'openai-responses': 'openai',
  anthropic: 'anthropic',
  gemini: 'gemini',
  'openai-compatible': null,
};

export type RunCost =
  | { kind: 'reported'; usd: number }
  | { kind: 'estimated'; usd: number; price: ModelPrice; source: string; asOf: string }
  | { kind: 'unknown'; reason: string };

/** A model's list price: its id as listed, or a dated snapshot of it (`gpt-4.1-mini-2025-04-14`, `claude-sonnet-4-5-20250929`, `-latest`). */
export function priceOf(
  provider: ProviderId,
  model: string,
): { price: ModelPrice; source: string; asOf: string } | null {
  const name = TABLE_OF[provider];
  const prices = name ? PRICES[name] : undefined;
  if (!prices) return null;
  const id = model.trim().replace(/^models\//, '');
  const exact = Object.hasOwn(prices.models, id) ? prices.models[id] : undefined;
  const base = exact ? id : id.replace(/-(\d{8}|\d{4}-\d{2}-\d{2}|latest)$/, '');
  const price = exact ?? (Object.hasOwn(prices.models, base) ? prices.models[base] : undefined);
  return price ? { price, source: prices.source, asOf: prices.asOf } : null;
}

export function costOf(
  provider: ProviderId,
  model: string,
  usage: Pick<Usage, 'inputTokens' | 'outputTokens' | 'cost'>,
): RunCost {
  if (usage.cost !== undefined) return { kind: 'reported', usd: usage.cost };
  if (usage.inputTokens === undefined && usage.outputTokens === undefined)
    return { kind: 'unknown', reason: 'the provider reported no tokens' };
  const found = priceOf(provider, model);
  if (!found)
    return { kind: 'unknown', reason: `no price known for ${model.trim() === '' ? 'this model' : model.trim()}` };
  const usd =
    ((usage.inputTokens ?? 0) * found.price.input + (usage.outputTokens ?? 0) * found.price.output) / 1_000_000;
  return { kind: 'estimated', usd, ...found };
}

/** Dollars with the digits a small run needs ($0.000123), without a long tail on a large one. */
const formatUsd = (usd: number): string => `$${usd >= 0.01 ? usd.toFixed(4) : usd.toFixed(6)}`;

/** The cost as one short phrase for a summary line. */
export function costText(cost: RunCost): string {
  if (cost.kind === 'reported') return `${formatUsd(cost.usd)} (reported by the provider)`;
  if (cost.kind === 'estimated') return `≈ ${formatUsd(cost.usd)} at list price (${cost.asOf})`;
  return 'no price known';
}
