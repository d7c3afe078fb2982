import { useEffect, useState } from 'react';
import { navigate, type Route } from '../lib/router';
import { toolHref } from '../lib/hrefs';
import { usePage } from '../lib/page';
import { useToolsetStore } from './useToolsets';

/**
 * A link that carries an imported toolset: the toolset joins this browser's imported ones (under another
 * id when that one is taken by something else), then the address drops the payload.
 */
export function useSharedToolset(route: Route): string | null {
  const toolsets = useToolsetStore();
  const page = usePage();
  const [notice, setNotice] = useState<string | null>(null);
  const payload = route.page === 'tool' ? route.sharedToolset : undefined;
  useEffect(() => {
    if (route.page !== 'tool' || !payload) return;
    let active = true;
    void (async () => {
      await toolsets.loadImported();
      const [{ decodeSharedToolsetWith }, { createSchemaChecks }] = await Promise.all([
        import('../lib/sharedToolset'),
        import('../lib/schemaWorker'),
      ]);
      // Checking the toolset compiles its schemas: done in a worker, as the page's policy forbids compiling.
      const decoded = await decodeSharedToolsetWith(payload, page.part(createSchemaChecks).importText).catch(
        (error: unknown) => ({
          ok: false as const,
          error: `The toolset in the link could not be checked: ${error instanceof Error ? error.message : String(error)}`,
        }),
      );
      if (!active) return;
      let id = route.toolset;
      if (!decoded.ok) setNotice(decoded.error);
      else {
        const { toolset, mocks } = decoded.shared;
        const count = `${toolset.tools.length} ${toolset.tools.length === 1 ? 'tool' : 'tools'}`;
        // What the checks kept out is said with the rest, every time the link is opened.
        const refused =
          decoded.refused.length === 0
            ? ''
            : ` ${decoded.refused.length === 1 ? 'One tool was' : `${decoded.refused.length} tools were`} refused: ${decoded.refused.join('; ')}`;
        // Loaded with the link: a page opened without one never needs it.
        const linked = await import('./linkedToolset')
          .then(({ keepLinkedToolset }) => keepLinkedToolset(toolsets, id, { toolset, mocks }))
          .catch((error: unknown) => ({
            id,
            outcome: 'failed' as const,
            message: error instanceof Error ? error.message : String(error),
          }));
        if (linked.outcome === 'failed')
          setNotice(
            `The toolset “${toolset.manifest.name}” of the link was not kept in this browser. ${linked.message}`,
          );
        else if (linked.outcome === 'kept')
          setNotice(
            `The link brought the toolset “${toolset.manifest.name}” (${count}): it is now among your imported toolsets.${refused}`,
          );
        else if (linked.outcome === 'beside')
          setNotice(
            `The link brought the toolset “${toolset.manifest.name}” (${count}): another toolset here has its id ‘${id}’, so it is kept beside it under the id ‘${linked.id}’, among your imported toolsets.${refused}`,
          );
        else if (refused)
          setNotice(
            `The toolset “${toolset.manifest.name}” of the link (${count}) is among your imported toolsets.${refused}`,
          );
        id = linked.id;
      }
      if (active) navigate(toolHref(id, route.name, route.sharedArguments), { replace: true });
    })();
    return () => {
      active = false;
    };
  }, [route, payload, toolsets, page]);
  return notice;
}
