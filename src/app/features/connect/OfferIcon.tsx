/**
 * A tool's, resource's or prompt's icon, drawn only where the icon rule allows it (core/mcp/icons.ts), else nothing:
 * the one made for the page's theme, at a fixed size, sending no referrer, named after its item.
 */
import { shownIcon } from '../../../core/mcp/icons';
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
  if (!icon) return null;
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
