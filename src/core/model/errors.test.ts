import { describe, expect, it } from 'vitest';
import { classifyHttpError, corsAdvice, retryAfterOf } from './errors';

const headers = (entries: Record<string, string> = {}) => new Headers(entries);

describe('HTTP failures as values', () => {
  it("401 and 403 are a refused key; Gemini's 400 API_KEY_INVALID too", () => {
    expect(
      classifyHttpError(
        401,
        headers(),
        '{"error":{"message":"Incorrect API key provided","type":"invalid_request_error","code":"invalid_api_key"}}',
      ).code,
    ).toBe('unauthorized');
    expect(classifyHttpError(403, headers(), '').code).toBe('unauthorized');
    expect(
      classifyHttpError(
        400,
        headers(),
        '{"error":{"code":400,"message":"API key not valid. Please pass a valid API key.","status":"INVALID_ARGUMENT","details":[{"reason":"API_KEY_INVALID"}]}}',
      ).code,
    ).toBe('unauthorized');
  });

  it("429 says when to retry, from retry-after or Gemini's retryDelay", () => {
    const error = classifyHttpError(
      429,
      headers({ 'retry-after': '7' }),
      '{"type":"error","error":{"type":"rate_limit_error","message":"Number of request tokens has exceeded your per-minute rate limit"}}',
    );
    expect(error).toMatchObject({ code: 'rate_limited', retryAfterSeconds: 7 });
    expect(error.message).toContain('retry in 7 s');
    expect(
      retryAfterOf(
        headers(),
        '{"error":{"details":[{"@type":"type.googleapis.com/google.rpc.RetryInfo","retryDelay":"30s"}]}}',
      ),
    ).toBe(30);
    expect(retryAfterOf(headers({ 'retry-after': new Date(60_000).toUTCString() }), '', 0)).toBe(60);
  });

  it('context overflow and a model without tools are told apart from other 400s', () => {
    expect(
      classifyHttpError(
        400,
        headers(),
        '{"error":{"message":"This model\'s maximum context length is 128000 tokens.","code":"context_length_exceeded"}}',
      ).code,
    ).toBe('context_overflow');
    expect(
      classifyHttpError(
        400,
        headers(),
        '{"type":"error","error":{"type":"invalid_request_error","message":"prompt is too long: 210000 tokens > 200000 maximum"}}',
      ).code,
    ).toBe('context_overflow');
    expect(
      classifyHttpError(
        400,
        headers(),
        '{"error":{"message":"registry.ollama.ai/library/gemma:2b does not support tools"}}',
      ).code,
    ).toBe('tools_unsupported');
    expect(classifyHttpError(400, headers(), '{"error":{"message":"Invalid value for temperature"}}')).toMatchObject({
      code: 'bad_request',
      providerMessage: 'Invalid value for temperature',
    });
  });

  it('CORS advice names the setting for Ollama, LM Studio and vLLM', () => {
    const advice = corsAdvice('https://example.test');
    expect(advice).toContain('OLLAMA_ORIGINS=https://example.test');
    expect(advice).toContain('Enable CORS');
    expect(advice).toContain('--allowed-origins');
  });
});
