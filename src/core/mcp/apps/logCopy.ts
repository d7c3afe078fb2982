/**
 * What the protocol log keeps of the message that hands an app its document (`ui/notifications/sandbox-resource-ready`):
 * the document's first characters and how many more there are. The whole document is in the log once already, as
 * the server's answer to the `resources/read` of its `ui://` address; a second whole copy per app shown would grow
 * the log by the document's size on every call.
 */
import type { LogEntry } from '../log';

/** The characters of an app's document the log keeps with the message that hands it over. */
const LOGGED_HTML_CHARS = 2_000;

const HANDOVER = 'ui/notifications/sandbox-resource-ready';

export function boundedAppEntry(entry: LogEntry, keep = LOGGED_HTML_CHARS): LogEntry {
  if (entry.method !== HANDOVER) return entry;
  const message = entry.message as { params?: { html?: unknown } };
  const html = message.params?.html;
  if (typeof html !== 'string' || html.length <= keep) return entry;
  const more = html.length - keep;
  return {
    ...entry,
    message: {
      ...entry.message,
      params: {
        ...message.params,
        html: `${html.slice(0, keep)}… (${more.toLocaleString('en-US')} more characters: the whole document is the resources/read answer for its ui:// address, with this page's policy first)`,
      },
    } as LogEntry['message'],
  };
}
