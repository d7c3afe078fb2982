import { describe, expect, it } from 'vitest';
import { samplingProblem } from './SamplingDialog';

describe('what stands between a sampling request and Approve', () => {
  const choice = { provider: 'anthropic' as const, baseUrl: 'http://127.0.0.1:9', model: 'claude-x' };
  it('names the field: base URL, model, then the key a provider needs', () => {
    expect(samplingProblem({ ...choice, baseUrl: 'not a url' }, 'k')).toMatch(/^Base URL:/);
    expect(samplingProblem({ ...choice, baseUrl: 'ftp://x' }, 'k')).toMatch(/^Base URL: use an http/);
    expect(samplingProblem({ ...choice, model: ' ' }, 'k')).toMatch(/^Model:/);
    expect(samplingProblem(choice, '')).toMatch(/^API key: Anthropic/);
    expect(samplingProblem(choice, 'k')).toBeNull();
  });
  it('a compatible local server answers without a key', () => {
    expect(
      samplingProblem({ provider: 'openai-compatible', baseUrl: 'http://localhost:11434/v1', model: 'llama3.1' }, ''),
    ).toBeNull();
  });
});
