/** Import a toolset from a file, a folder or another provider's format. */
import { ImportPage } from '../features/import/ImportPage';

export function ImportRoute() {
  return <ImportPage />;
}
