/**
 * A base URL this page's security policy will refuse, said before Send with what to do. The pages that call models
 * reach https anywhere and plain http on this machine only (localhost, 127.0.0.1): a model server elsewhere on the
 * network over plain http is blocked by the policy, not down, and "check that the server runs" would mislead.
 */
import { policyFailure, refusedByPolicy } from '../../services/connections/policy';
import type { SettingsProblem } from './settings';

const LOOPBACK: ReadonlySet<string> = new Set(['localhost', '127.0.0.1']);

/** What to say of a base URL the policy refuses; the field's name first, as every form problem does. */
export function policyMessage(baseUrl: string, label = 'Base URL'): string {
  const url = new URL(baseUrl);
  if (url.protocol === 'http:' && !LOOPBACK.has(url.hostname)) {
    const port = url.port || '80';
    return (
      `${label}: ${url.origin} is plain http on another machine, which this page's security policy refuses (prompts and keys would cross the network in the clear). ` +
      `Use the server's https address, or reach it through this machine: run \`ssh -N -L ${port}:${url.hostname}:${port} ${url.hostname}\` and use http://localhost:${port}${url.pathname === '/' ? '' : url.pathname}.`
    );
  }
  return `${label}: ${policyFailure(baseUrl).message}`;
}

/** The policy's refusal of a base URL, known before trying; null when the URL is allowed or not a URL. */
export function basePolicyProblem(
  baseUrl: string,
  field: SettingsProblem['field'] = 'baseUrl',
  label?: string,
  refused: (url: string) => boolean = refusedByPolicy,
): SettingsProblem | null {
  try {
    if (!refused(baseUrl)) return null;
  } catch {
    return null;
  }
  return { field, message: policyMessage(baseUrl, label) };
}
