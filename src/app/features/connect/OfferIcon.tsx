/**
 * A tool's, resource's or prompt's icon, drawn only where the icon rule allows it (core/mcp/icons.ts): the one made
 * for the page's theme, at a fixed size, sending no referrer, named after its item. An item whose only icons are at
 * remote addresses gets a mark of the same size instead, whose title names the host and says why it is not loaded.
 */
import { remoteIcon, shownIcon } from '../../../core/mcp/icons';
import { useResolvedTheme } from '../../lib/theme';

export function OfferIcon({
  icons,
  name,
  size = 20,
  className = 'mcp-offer-icon',
}: {
  icons: unknown;
  /** The item's name, which the icon's text alternative says. */
  name: string;
  size?: number;
  className?: string;
}) {
  const theme = useResolvedTheme();
  const icon = shownIcon(icons, theme);
  if (!icon) {
    const remote = remoteIcon(icons);
    if (!remote) return null;
    const why = `${name}'s icon at ${remote.host} is not loaded: this page draws images from itself and data: URLs only, so no other host learns that you are looking.`;
    return (
      <span
        className={`${className} mcp-offer-icon-remote`}
        style={{ width: size, height: size }}
        role="img"
        aria-label={why}
        title={why}
        data-testid="offer-icon-remote"
      />
    );
  }
  return (
    <img
      className={className}
      src={icon.src}
      alt={`${name} icon`}
      width={size}
      height={size}
      referrerPolicy="no-referrer"
      decoding="async"
      data-testid="offer-icon"
    />
  );
}
