import { PROVIDER_TOKEN_INFO, TOKEN_PROVIDERS } from '../../../core/tokens';

/** How each count is made; the approximate ones say why. */
export function ProviderNotes() {
  return (
    <ul className="token-notes">
      {TOKEN_PROVIDERS.map((provider) => (
        <li key={provider}>
          <strong>{PROVIDER_TOKEN_INFO[provider].label}:</strong> {PROVIDER_TOKEN_INFO[provider].how}
        </li>
      ))}
    </ul>
  );
}

export const providerHeading = (provider: (typeof TOKEN_PROVIDERS)[number]): string =>
  PROVIDER_TOKEN_INFO[provider].exact
    ? PROVIDER_TOKEN_INFO[provider].label
    : `${PROVIDER_TOKEN_INFO[provider].label} ≈`;
