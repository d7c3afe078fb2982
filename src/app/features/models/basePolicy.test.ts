// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { SITE_BASE } from '../../lib/hrefs';
import { basePolicyProblem, policyMessage } from './basePolicy';

describe("a base URL the page's policy refuses is said before Send, with what to do", () => {
  it('names plain http on another machine as the policy, and gives https or a tunnel through this machine', () => {
    window.history.replaceState({}, '', `${SITE_BASE}models/`);
    const problem = basePolicyProblem('http://192.168.1.20:11434/v1');
    expect(problem?.field).toBe('baseUrl');
    expect(problem?.message).toContain(
      "Base URL: http://192.168.1.20:11434 is plain http on another machine, which this page's security policy refuses",
    );
    expect(problem?.message).toContain('ssh -N -L 11434:192.168.1.20:11434');
    expect(problem?.message).toContain('http://localhost:11434/v1');
    expect(problem?.message).not.toContain('server runs');
  });

  it('lets https anywhere and loopback http on the Models page through', () => {
    window.history.replaceState({}, '', `${SITE_BASE}models/`);
    expect(basePolicyProblem('https://api.openai.com/v1')).toBeNull();
    expect(basePolicyProblem('http://127.0.0.1:11434/v1')).toBeNull();
    expect(basePolicyProblem('not a url')).toBeNull();
  });

  it('names the field it is given', () => {
    expect(basePolicyProblem('http://10.0.0.2/v1', 'compare', 'Base URL 2', () => true)?.message).toMatch(
      /^Base URL 2: http:\/\/10\.0\.0\.2 is plain http/,
    );
    expect(policyMessage('http://localhost:8080/v1')).toContain(
      "This page's security policy does not let it reach http://localhost:8080",
    );
  });
});
