import { lazy, Suspense, use } from 'react';
import type { Validator } from '../../../core/validation/validator';
import { usePage, type Page } from '../../lib/page';
import { createPrecompiledLoads } from '../../lib/precompiledValidators';
import { useValidator } from '../../lib/ValidatorContext';
import type { Toolsets } from '../../services/toolsets';
import { useToolsets, useToolsetStore } from '../../services/useToolsets';
import { preloadToolPageParts, ToolPage, type ToolPageSlotContext } from './ToolPage';
import { ExecutionPanel } from '../../features/execution/ExecutionPanel';
import { ExecutePlaceholder, NoCodeExecutePlaceholder } from '../../features/execution/ExecutePlaceholder';
import { RUNS_IN_WORKSPACE } from '../../features/execution/panelText';
import { AfterEditor } from '../../components/AfterEditor';
import { Pending, SIDE_PANEL_HEIGHT } from './SectionParts';

// A live MCP server's tool is executed by the server (the connect feature, with the SDK): loaded only on such a page.
const LiveExecutionPanel = lazy(() =>
  import('../../features/connect/LiveExecutionPanel').then((module) => ({ default: module.LiveExecutionPanel })),
);
// Beside a live tool, the server it calls in place of the workspace, which a live server never touches.
const ServerPanel = lazy(() =>
  import('../../features/connect/ServerPanel').then((module) => ({ default: module.ServerPanel })),
);
// The workspace beside the playground (its tree, its file view, the runtime's explorer state): loaded once the editor
// is drawn, so a tool page asks for none of it before its editor is ready.
const WorkspaceExplorer = lazy(() =>
  import('../../features/execution/WorkspaceExplorer').then((module) => ({ default: module.WorkspaceExplorer })),
);
// A live tool's icon, where the server gives one: the icon rule loads only on such a page.
const OfferIcon = lazy(() =>
  import('../../features/connect/OfferIcon').then((module) => ({ default: module.OfferIcon })),
);
// What the server asks during a call (a form, a page to open, a model answer), over the page.
const LiveAsks = lazy(() => import('../LiveAsks').then((module) => ({ default: module.LiveAsks })));
// A live tool's own interface (MCP Apps), under its result: the bridge loads only for a tool that has one.
const McpAppSlot = lazy(() =>
  import('../../features/mcp-apps/McpAppSlot').then((module) => ({ default: module.McpAppSlot })),
);

function ExecutionSlot({ toolset, tool, playground }: ToolPageSlotContext) {
  const toolsets = useToolsetStore();
  // While a large text is being checked, the verdict (and the arguments) are of an earlier text: not runnable yet.
  const valid = !playground.checking && playground.parseError === null && playground.result?.valid === true;
  const live = toolsets.find(toolset.manifest.id)?.record?.live;
  if (live) {
    return (
      <Suspense fallback={null}>
        <LiveExecutionPanel
          url={live.url}
          tool={tool}
          args={playground.formData}
          valid={valid}
          current={{ checking: playground.checking, parses: playground.parseError === null }}
          renderApp={(call) => (
            <Suspense fallback={null}>
              <McpAppSlot url={live.url} toolName={tool.name} call={call} />
            </Suspense>
          )}
        />
        <LiveAsks />
      </Suspense>
    );
  }
  return (
    <ExecutionPanel
      toolsetId={toolset.manifest.id}
      tool={tool}
      args={playground.formData}
      valid={valid}
      checking={playground.checking}
      onLoadArguments={playground.loadArguments}
    />
  );
}

/** What the page awaits before its first render, so that render does not wait: the tool's definition and generated validator. */
export async function prepareToolPage(
  page: Page,
  validator: Validator,
  toolsets: Toolsets,
  toolsetId: string,
  name: string,
): Promise<void> {
  // The playground's form and editor too, fetched since the first paint: drawn at once once the page is taken over.
  const [found] = await Promise.all([
    toolsets.loadTool(toolsetId, name),
    preloadToolPageParts(page).catch(() => undefined),
  ]);
  if (found) await page.part(createPrecompiledLoads).load(validator, found.tool.inputSchema);
}

// One element for every render: the workspace does not depend on the arguments, so a keystroke does not render it again.
// Its room is the one the prerendered page keeps for the side column, so nothing moves while its code arrives.
const workspaceElement = (
  <AfterEditor placeholder={<Pending height={SIDE_PANEL_HEIGHT} />}>
    <WorkspaceExplorer heading="h2" />
  </AfterEditor>
);
const workspaceBeside = () => workspaceElement;

/** The tool page with the Execute panel under the playground and the workspace beside it. */
export function ToolRoute({
  toolsetId,
  name,
  sharedArguments,
}: {
  toolsetId: string;
  name: string;
  sharedArguments?: string;
}) {
  const toolsets = useToolsetStore();
  // An imported tool changed here (its risk level, its mock) is shown at once.
  useToolsets();
  const found = use(toolsets.loadTool(toolsetId, name));
  const validator = useValidator();
  const page = usePage();
  // The tool's generated validator (the page loads only this one) before the page's first verdict and audit.
  use(page.part(createPrecompiledLoads).load(validator, found?.tool.inputSchema ?? {}));
  if (!found) {
    return (
      <p className="empty-state" role="alert">
        There is no tool named “{name}” here.
      </p>
    );
  }
  const { toolset, tool } = found;
  const live = toolsets.find(toolset.manifest.id)?.record?.live;
  const icons = live?.icons?.[tool.name];
  // A built site's tool with neither code nor a mock: known once its module has arrived, which this page waited for,
  // on the build's render as in the browser. Its call runs nothing, so no workspace is beside it.
  const noCode = toolsets.hasNoCode(toolsetId, name);
  // A bundled tool's call runs in the workspace: the prerendered page keeps that panel's room (an imported or a live
  // tool's page is drawn only in the browser).
  const bundled = toolsets.find(toolset.manifest.id)?.origin === 'bundled';
  return (
    <ToolPage
      toolset={toolset}
      tool={tool}
      sharedArguments={sharedArguments}
      renderBelowPlayground={(context) => <ExecutionSlot {...context} />}
      {...(noCode
        ? { belowPlaygroundPrerendered: <NoCodeExecutePlaceholder name={tool.name} /> }
        : bundled
          ? {
              belowPlaygroundPrerendered: (
                <ExecutePlaceholder intro={RUNS_IN_WORKSPACE} risk={tool.riskLevel} workspace />
              ),
            }
          : {})}
      renderSidePanel={
        live
          ? () => (
              <Suspense fallback={null}>
                <ServerPanel live={live} />
              </Suspense>
            )
          : noCode
            ? undefined
            : workspaceBeside
      }
      {...(live ? { sidePanelLabel: 'Server' } : {})}
      {...(icons
        ? {
            titleIcon: (
              <Suspense fallback={null}>
                <OfferIcon icons={icons} name={tool.name} size={32} className="tool-icon" />
              </Suspense>
            ),
          }
        : {})}
    />
  );
}
