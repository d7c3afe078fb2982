/** A request as a curl command: the key is a shell variable ($OPENAI_API_KEY), never its value. */
import type { HttpRequest, ProviderAdapter } from './spec';

const quote = (text: string): string => `'${text.replace(/'/g, `'\\''`)}'`;

export function renderCurl(adapter: ProviderAdapter, request: HttpRequest): string {
  const keyHeaders = new Set(adapter.keyHeaders.map((name) => name.toLowerCase()));
  const lines = [`curl ${request.method === 'POST' ? '-N ' : ''}${quote(request.url)}`];
  for (const [name, value] of Object.entries(request.headers)) {
    if (!keyHeaders.has(name.toLowerCase())) lines.push(`-H ${quote(`${name}: ${value}`)}`);
    else lines.push(`-H "${name}: ${/^Bearer\s/i.test(value) ? 'Bearer ' : ''}$${adapter.keyVariable}"`);
  }
  if (request.body) lines.push(`-d ${quote(JSON.stringify(request.body, null, 2))}`);
  return lines.join(' \\\n  ');
}
