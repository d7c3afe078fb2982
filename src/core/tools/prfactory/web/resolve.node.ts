/** Name resolution for the web tools in Node: every address the name has, IPv4 and IPv6. */
import { lookup } from 'node:dns/promises';

export async function resolveHostNode(hostname: string): Promise<string[]> {
  const answers = await lookup(hostname, { all: true, verbatim: true });
  return answers.map((answer) => answer.address);
}
