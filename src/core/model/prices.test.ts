import { describe, expect, it } from 'vitest';
import table from './prices.json';
import { costOf, costText, priceOf } from './prices';

describe('the price table', () => {
  it('names its source page and date for every provider, and prices every model in both directions', () => {
    for (const provider of Object.values(table.providers)) {
      expect(provider.source).toMatch(/^https:\/\//);
      expect(provider.asOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      for (const price of Object.values(provider.models)) {
        expect(price.input).toBeGreaterThan(0);
        expect(price.output).toBeGreaterThan(0);
      }
    }
  });

  it('finds a model by its id or a dated snapshot of it, per provider', () => {
    expect(priceOf('openai-chat', 'gpt-4.1-mini')?.price).toEqual({ input: 0.4, output: 1.6 });
    expect(priceOf('openai-responses', 'gpt-4.1-mini-2025-04-14')?.price).toEqual({ input: 0.4, output: 1.6 });
    expect(priceOf('anthropic', 'claude-sonnet-4-5-20250929')?.price).toEqual({ input: 3, output: 15 });
    expect(priceOf('gemini', 'models/gemini-2.5-flash')?.price).toEqual({ input: 0.3, output: 2.5 });
    // A name of another provider's table, or a local server's model, has no price here.
    expect(priceOf('anthropic', 'gpt-4.1-mini')).toBeNull();
    expect(priceOf('openai-compatible', 'gpt-4.1-mini')).toBeNull();
    expect(priceOf('openai-chat', 'gpt-4.1-mini-turbo')).toBeNull();
  });
});

describe('costOf', () => {
  it('prefers the cost the provider reported', () => {
    expect(costOf('openai-compatible', 'anything', { inputTokens: 10, outputTokens: 5, cost: 0.0042 })).toEqual({
      kind: 'reported',
      usd: 0.0042,
    });
  });

  it('prices the tokens at the list price when no cost is reported', () => {
    const cost = costOf('openai-chat', 'gpt-4.1-mini', { inputTokens: 1_000_000, outputTokens: 500_000 });
    expect(cost.kind).toBe('estimated');
    expect(cost.kind === 'estimated' && cost.usd).toBeCloseTo(0.4 + 0.8, 10);
    expect(costText(costOf('openai-chat', 'gpt-4.1-mini', { inputTokens: 1200, outputTokens: 58 }))).toBe(
      '≈ $0.000573 at list price (2025-11-25)',
    );
  });

  it('says no price is known for an unknown model, not $0', () => {
    const cost = costOf('openai-chat', 'emulated-large', { inputTokens: 1200, outputTokens: 58 });
    expect(cost).toEqual({ kind: 'unknown', reason: 'no price known for emulated-large' });
    expect(costText(cost)).toBe('no price known');
  });
});
