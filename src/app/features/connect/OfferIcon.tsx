/** A tool's, resource's or prompt's icon, drawn only by the rule of result images (core/mcp/icons.ts); else nothing. */
import { shownIcon } from '../../../core/mcp/icons';

export function OfferIcon({ icons }: { icons: unknown }) {
  const icon = shownIcon(icons);
  if (!icon) return null;
  // Beside the item's name, which says what it is: the icon adds nothing a screen reader needs.
  return <img className="mcp-offer-icon" src={icon.src} alt="" width={20} height={20} data-testid="offer-icon" />;
}
