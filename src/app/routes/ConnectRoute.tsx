/** Connect to a live MCP server and work with what it offers; a prompt it returns can be sent on to the Models page. */
import { ConnectPage } from '../features/connect/ConnectPage';
import { sendPromptToModels } from './connectHandoff';

export function ConnectRoute() {
  return <ConnectPage sendToModel={sendPromptToModels} />;
}
