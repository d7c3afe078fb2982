/** Connect to a live MCP server and work with what it offers. */
import { ConnectPage } from '../features/connect/ConnectPage';

export function ConnectRoute() {
  return <ConnectPage />;
}
