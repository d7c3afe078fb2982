// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { oauthCallback, PageOAuthProvider, readPending } from './oauth';

afterEach(() => sessionStorage.clear());

describe('the OAuth redirect back to /connect/', () => {
  it('is nothing when the address carries no code', () => {
    expect(oauthCallback('?x=1')).toBeNull();
  });

  it('is accepted only with the state this tab sent, with the verifier kept for the exchange', () => {
    const provider = new PageOAuthProvider('http://127.0.0.1:9/mcp', 'auto', false, {}, () => undefined);
    const state = provider.state();
    provider.saveCodeVerifier('verifier-1');
    expect(oauthCallback(`?code=abc&state=${state}`)).toMatchObject({
      code: 'abc',
      pending: { url: 'http://127.0.0.1:9/mcp', codeVerifier: 'verifier-1', state },
    });
    expect(oauthCallback('?code=abc&state=forged')).toEqual({
      error: expect.stringContaining('state this tab did not send'),
    });
  });

  it('is refused when this tab started no sign-in, and says what the server refused', () => {
    expect(oauthCallback('?code=abc&state=s')).toEqual({ error: expect.stringContaining('did not start one') });
    new PageOAuthProvider('http://127.0.0.1:9/mcp', 'auto', false, {}, () => undefined).state();
    expect(oauthCallback('?error=access_denied&error_description=no')).toEqual({
      error: expect.stringContaining('access_denied (no)'),
    });
    expect(readPending()).not.toBeNull();
  });
});

describe('a sign-in on a full disk', () => {
  it('stops before the redirect and says why, since its state could not be kept for the return', () => {
    const spy = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('', 'QuotaExceededError');
    });
    try {
      const provider = new PageOAuthProvider('http://127.0.0.1:9/mcp', 'auto', false, {}, () => undefined);
      expect(() => provider.state()).toThrow(
        /^The sign-in cannot start, because this page could not keep its state for the return\. The browser refused to store it: this site's storage in the browser is full/,
      );
      expect(readPending()).toBeNull();
    } finally {
      spy.mockRestore();
    }
  });
});
