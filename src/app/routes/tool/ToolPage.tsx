import '../../lib/precompiledValidators';
import { lazy, use, useCallback, useEffect, useMemo, useRef, type ReactNode } from 'react';
import type { JsonValue, ToolDefinition, ToolsetBundle } from '../../../core/toolset/types';
import { RiskBadge } from '../../components/RiskBadge';
import { ToolsetSwitcher } from '../../components/ToolsetSwitcher';
import { navigate } from '../../lib/router';
import { catalogHref, toolHref } from '../../lib/hrefs';
import { shareLinkCodec } from '../../lib/shareLinkCodec';
import { useSharedArguments } from '../../lib/useSharedArguments';
import { categoryLabel } from '../../lib/toolset';
import { firstSentence } from '../../lib/firstSentence';
import { useToolsets, useToolsetStore } from '../../services/useToolsets';
import { usePage, type Page } from '../../lib/page';
import { Playground } from '../../features/playground/Playground';
import { usePlayground, type Playground as PlaygroundModel } from '../../features/playground/usePlayground';
import { createPlaygroundParts } from '../../features/playground/playgroundParts';
import { CopyMarkdownButton } from '../../features/tool-docs/CopyMarkdownButton';
import '../../features/embed/embed.css';
import { ClientOnly } from '../../lib/hydrated';
// With the page, not the audit's chunk: the prerendered findings are styled before that chunk loads.
import '../../features/tool-docs/audit.css';
import { useEarlyActions } from '../../lib/earlyEvents';
import { DescriptionSections } from './DescriptionSections';
import { LOCAL_SECTIONS, scrollToSection } from './localSections';
import { ReferenceSections } from './ReferenceSections';
import { NearPart, Pending, Section, SIDE_PANEL_HEIGHT } from './SectionParts';

// A button until pressed; the Models panel and the model clients load then (not in the tool page's first paint).
const ModelsPanelOpener = lazy(() =>
  import('../../features/models/panel/ModelsPanelOpener').then((module) => ({ default: module.ModelsPanelOpener })),
);

/**
 * The room the prerendered page keeps for the parts drawn only in this browser, so the app taking the page over moves
 * nothing below them. Measured on a 1280 px desktop (read_file, no calls yet): the Execute panel is 256 px; the
 * playground's form and editor start 112 px below its description, the editor pane is 488 px and the form about
 * 24 px plus 170 px a top-level parameter (704 px for read_file's four). A tool with other fields comes close.
 */
const EXECUTE_HEIGHT = 256;
function playgroundHeight(tool: ToolDefinition): number {
  const properties = tool.inputSchema.properties;
  const fields = properties !== null && typeof properties === 'object' ? Object.keys(properties).length : 0;
  return 112 + Math.max(488, 24 + 170 * fields);
}

/** A share link's arguments, encoded once the codec has loaded (when the link is copied). */
const encodeArguments = async (text: string): Promise<string> => (await shareLinkCodec()).encodeArgumentsText(text);

/** The code of the parts the page draws once it is this browser's (the playground's form and editor), for its route's preload. */
export const preloadToolPageParts = (page: Page): Promise<void> => page.part(createPlaygroundParts).preload();

/** What a panel mounted on the tool page (the Execute panel, a workspace explorer) is given. */
export interface ToolPageSlotContext {
  toolset: ToolsetBundle;
  tool: ToolDefinition;
  playground: PlaygroundModel;
}

export interface ToolPageProps {
  /** A bundled tool's toolset holds this tool and its earlier versions only (see loadTool). */
  toolset: ToolsetBundle;
  tool: ToolDefinition;
  sharedArguments?: string;
  /** Rendered in its own section right after the playground. */
  renderBelowPlayground?: (context: ToolPageSlotContext) => ReactNode;
  /**
   * What the build renders in that section's place until it is drawn in the browser (the same on the page's first
   * render there, which takes the build's markup over); an empty room of the section's height unless given.
   */
  belowPlaygroundPrerendered?: ReactNode;
  /** Rendered in a side column next to the page (wide screens) or after it (narrow). */
  renderSidePanel?: (context: ToolPageSlotContext) => ReactNode;
  /** The side column's name for assistive technology (the workspace's unless told). */
  sidePanelLabel?: string;
  /** Drawn before the tool's name in the header (a live tool's icon). */
  titleIcon?: ReactNode;
}

/**
 * An imported toolset goes into share links (with its mocks), so the link opens in a browser that never saw it.
 * Its encoder loads with the first imported tool's page (a bundled tool's link carries no toolset); the promise is kept
 * with the toolsets, so `use` reads the same one on every render.
 */
function useSharedToolsetParam(toolsetId: string): string | undefined {
  const toolsets = useToolsetStore();
  useToolsets();
  const entry = toolsets.find(toolsetId);
  const record = entry?.origin === 'imported' ? entry.record : undefined;
  const codec = record ? use(toolsets.cached('shared-toolset-codec', () => import('../../lib/sharedToolset'))) : null;
  return useMemo(
    () => (record && codec ? codec.encodeSharedToolset({ toolset: record.toolset, mocks: record.mocks }) : undefined),
    [record, codec],
  );
}

export function ToolPage({
  toolset,
  tool,
  sharedArguments,
  renderBelowPlayground,
  belowPlaygroundPrerendered,
  renderSidePanel,
  sidePanelLabel = 'Workspace',
  titleIcon,
}: ToolPageProps) {
  const page = usePage();
  const toolsets = useToolsetStore();
  const toolsetId = toolset.manifest.id;
  const sharedToolsetParam = useSharedToolsetParam(toolsetId);
  // A shared link's codec loads with a link (the route's preload awaits it, so a link opened here does not suspend).
  const codec = sharedArguments ? use(shareLinkCodec()) : null;
  const shared = useSharedArguments(sharedArguments, codec);
  const playground = usePlayground(tool, shared, toolsetId, sharedToolsetParam, { encodeArguments });

  // A shared link is applied once, then the address goes back to the plain tool route so a reload keeps later edits.
  useEffect(() => {
    if (sharedArguments) navigate(toolHref(toolsetId, tool.name), { replace: true });
  }, [sharedArguments, toolsetId, tool.name]);

  const { loadArguments } = playground;
  const tryArguments = useCallback(
    (args: JsonValue) => {
      loadArguments(args);
      const playgroundSection = document.getElementById('playground');
      if (playgroundSection) page.scroller.scrollTo(playgroundSection);
    },
    [loadArguments, page.scroller],
  );

  const context: ToolPageSlotContext = { toolset, tool, playground };
  const sidePanel = renderSidePanel?.(context);
  // The docs depend on the tool alone: made once per tool, so a keystroke in the playground (which renders this page
  // again) re-renders only the playground and its slots (keystroke to verdict: `npm run bench -- page`).
  const docsAbove = useMemo(() => {
    return (
      <>
        <div className="page-toolbar">
          <nav aria-label="Breadcrumb" className="breadcrumb">
            <a href={catalogHref(toolsetId)}>{toolset.manifest.name}</a>
            <span aria-hidden="true"> / </span>
            <span>{categoryLabel(toolset, tool.category)}</span>
          </nav>
          <ToolsetSwitcher current={toolsetId} />
        </div>
        <header className="tool-header">
          <div className="tool-header-title">
            {titleIcon}
            <h1 id="tool-title">
              <code className="tool-name">{tool.name}</code>
            </h1>
            <RiskBadge level={tool.riskLevel} />
            <CopyMarkdownButton toolset={toolset} tool={tool} />
          </div>
          <p className="tool-title-text">{tool.title}</p>
          <p className="tool-summary" data-testid="tool-summary">
            {firstSentence(tool.description)}
          </p>
        </header>
      </>
    );
  }, [tool, toolset, toolsetId, titleIcon]);
  // Below the playground: the tool's documentation, one click away through the local nav.
  const docsAfterPlayground = useMemo(
    () => <DescriptionSections toolset={toolset} tool={tool} onTry={tryArguments} scroller={page.scroller} />,
    [tool, toolset, tryArguments, page.scroller],
  );
  const docsBelow = useMemo(
    () => <ReferenceSections toolset={toolset} tool={tool} toolsets={toolsets} />,
    [tool, toolset, toolsets],
  );
  const modelsSection = useMemo(
    () => (
      <Section
        id="models"
        title="Try with a model"
        description={
          <p className="muted">
            Send this tool, or its whole toolset, to a model with a prompt: each call it makes is judged as it arrives,
            and opens in the playground above.
          </p>
        }
      >
        <NearPart height={48}>
          <ModelsPanelOpener toolsetId={toolsetId} tool={tool} onOpenArguments={tryArguments} />
        </NearPart>
      </Section>
    ),
    [toolsetId, tool, tryArguments],
  );
  const localNav = useMemo(
    () => (
      <nav className="toc" aria-label="On this page">
        {LOCAL_SECTIONS.map(([id, label]) => (
          <a key={id} href={`#${id}`} onClick={(event) => scrollToSection(page.scroller, event, id)}>
            {label}
          </a>
        ))}
      </nav>
    ),
    [page.scroller],
  );
  const root = useRef<HTMLDivElement>(null);
  useEarlyActions(root);
  // Opened at a section (`/tools/read_file/#versions`): the browser scrolled there; it stays there as the sections above load.
  useEffect(() => {
    const id = window.location.hash.slice(1);
    const section = id && !id.includes('=') ? document.getElementById(id) : null;
    if (section && root.current?.contains(section)) page.scroller.scrollTo(section, 'auto');
  }, [page.scroller]);

  return (
    <div className={`tool-layout ${sidePanel ? 'has-side-panel' : ''}`} ref={root}>
      <article className="tool-main" aria-labelledby="tool-title">
        {docsAbove}
        {localNav}
        {/* The Execute panel mounts first: the call the arguments below make, its button and its result on the first screen. */}
        {renderBelowPlayground ? (
          <section className="doc-section tool-extension" id="run" aria-label="Execute">
            <ClientOnly fallback={belowPlaygroundPrerendered ?? <Pending height={EXECUTE_HEIGHT} />}>
              {renderBelowPlayground(context)}
            </ClientOnly>
          </section>
        ) : null}
        <Section
          id="playground"
          title="Playground"
          description={
            <p className="muted">
              Edit the arguments in the form or as JSON; both stay in sync and are checked by the same validator the
              runtime uses.
            </p>
          }
        >
          <ClientOnly fallback={<Pending height={playgroundHeight(tool)} />}>
            <Playground tool={tool} playground={playground} />
          </ClientOnly>
        </Section>

        {docsAfterPlayground}

        {modelsSection}

        {docsBelow}
      </article>
      {sidePanel ? (
        <aside className="tool-aside" aria-label={sidePanelLabel}>
          <ClientOnly fallback={<Pending height={SIDE_PANEL_HEIGHT} />}>{sidePanel}</ClientOnly>
        </aside>
      ) : null}
    </div>
  );
}
