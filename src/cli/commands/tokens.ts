/** `stats --tokens`: what each tool and the toolset cost in a request, per provider, against the 3,000-token budget. */
import { PROVIDER_TOKEN_INFO, TOKEN_PROVIDERS, toolsetTokens, type Tokenizer } from '../../core/tokens';
import type { ToolsetBundle } from '../../core/toolset/types';
import { columns } from '../format';
import { createStyle } from '../style';
import { lines, type CommandResult } from '../types';

const providerHeading = (provider: (typeof TOKEN_PROVIDERS)[number]): string =>
  `${PROVIDER_TOKEN_INFO[provider].label}${PROVIDER_TOKEN_INFO[provider].exact ? '' : ' ~'}`;

export function tokensReport(
  bundle: ToolsetBundle,
  tokenizer: Tokenizer,
  json: boolean,
  color: boolean,
): CommandResult {
  const report = toolsetTokens(bundle.tools, tokenizer);
  if (json) {
    const providers = Object.fromEntries(TOKEN_PROVIDERS.map((provider) => [provider, PROVIDER_TOKEN_INFO[provider]]));
    return {
      stdout: `${JSON.stringify({ toolset: bundle.manifest.id, encoding: tokenizer.encoding, providers, ...report }, null, 2)}\n`,
      stderr: '',
      exitCode: 0,
    };
  }
  const style = createStyle(color);
  const rows = [
    ['Tool', ...TOKEN_PROVIDERS.map(providerHeading), 'Costs most'],
    ...report.tools.map((tool) => [
      tool.name,
      ...TOKEN_PROVIDERS.map((provider) => String(tool.byProvider[provider])),
      `${tool.parts[0]?.label ?? ''} (${tool.parts[0]?.tokens ?? 0})`,
    ]),
    ['Toolset', ...TOKEN_PROVIDERS.map((provider) => String(report.totals[provider]))],
  ];
  const over = report.totals.openai > report.budget;
  const verdict = `${report.totals.openai.toLocaleString('en')} of the ${report.budget.toLocaleString('en')}-token budget (OpenAI)`;
  return {
    stdout: lines(
      `${bundle.manifest.name}: tokens per request, heaviest tools first (${tokenizer.encoding})`,
      '',
      columns(rows).map((row, index) => (index === 0 ? style.bold(row) : row)),
      '',
      over
        ? style.red(`✗ ${verdict}: over by ${(report.totals.openai - report.budget).toLocaleString('en')}`)
        : style.green(`✓ ${verdict}`),
      '',
      TOKEN_PROVIDERS.map((provider) =>
        style.dim(`${providerHeading(provider)}: ${PROVIDER_TOKEN_INFO[provider].how}`),
      ),
    ),
    stderr: '',
    exitCode: 0,
  };
}
