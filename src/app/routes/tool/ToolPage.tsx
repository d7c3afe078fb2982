import '../../lib/precompiledValidators';
import { lazy, Suspense, use, useCallback, useEffect, useMemo, useRef, type MouseEvent, type ReactNode } from 'react';
import type { JsonValue, ToolDefinition, ToolsetBundle } from '../../../core/toolset/types';
import { CodeBlock } from '../../components/CodeBlock';
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
import type { Scroller } from '../../lib/motion';
import { Playground } from '../../features/playground/Playground';
import { usePlayground, type Playground as PlaygroundModel } from '../../features/playground/usePlayground';
import { createPlaygroundParts } from '../../features/playground/playgroundParts';
import { ExamplesSection } from '../../features/tool-docs/ExamplesSection';
import { ParameterTable } from '../../features/tool-docs/ParameterTable';
import { CopyMarkdownButton } from '../../features/tool-docs/CopyMarkdownButton';
import { VersionsSection } from '../../features/evolution/VersionsSection';
import { toolVersions } from '../../../core/toolset/versions';
import '../../features/embed/embed.css';
import { ClientOnly } from '../../lib/hydrated';
import { WhenNear } from '../../components/WhenNear';
import { HydrateNear } from '../../components/HydrateNear';
// With the page, not the audit's chunk: the prerendered findings are styled before that chunk loads.
import '../../features/tool-docs/audit.css';
import { useEarlyActions } from '../../lib/earlyEvents';

// Prerendered, and taken over only as they come near the screen: their code (every audit rule, every export
// format) is not part of what a tool page loads first.
const AuditSection = lazy(() =>
  import('../../features/tool-docs/AuditSection').then((module) => ({ default: module.AuditSection })),
);
const ProviderFormats = lazy(() =>
  import('../../features/tool-docs/ProviderFormats').then((module) => ({ default: module.ProviderFormats })),
);
// Far below the first screen and drawn only in this browser: their code loads as they come near the screen.
const CompatibilitySection = lazy(() =>
  import('../../features/evolution/CompatibilitySection').then((module) => ({ default: module.CompatibilitySection })),
);
const ToolTokenCost = lazy(() =>
  import('../../features/evolution/ToolTokenCost').then((module) => ({ default: module.ToolTokenCost })),
);
const UseThisTool = lazy(() =>
  import('../../features/tool-docs/UseThisTool').then((module) => ({ default: module.UseThisTool })),
);
const EmbedSnippet = lazy(() =>
  import('../../features/embed/EmbedSnippet').then((module) => ({ default: module.EmbedSnippet })),
);
// A button until pressed; the Models panel and the model clients load then (not in the tool page's first paint).
const ModelsPanelOpener = lazy(() =>
  import('../../features/models/panel/ModelsPanelOpener').then((module) => ({ default: module.ModelsPanelOpener })),
);

/** Where a part that needs this browser (saved arguments, the workspace, a tokenizer) appears once the page is taken over. */
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

function Pending({ height }: { height: number }) {
  return <div className="section-pending" style={{ minHeight: height }} aria-busy="true" />;
}

/** A part drawn only in this browser whose code loads as it comes near the screen; its room is kept meanwhile. */
function NearPart({ height, children }: { height: number; children: ReactNode }) {
  return (
    <ClientOnly fallback={<Pending height={height} />}>
      <WhenNear placeholder={<Pending height={height} />}>{children}</WhenNear>
    </ClientOnly>
  );
}

/**
 * Docs taken over after the playground (the editor is ready soon after navigation). A Suspense boundary in the
 * prerendered markup is hydrated after the rest of the page has been committed, at the lowest priority, so the
 * playground, which appears once the page is this browser's, is drawn and its editor started before these sections are
 * hydrated. They are the same markup meanwhile, and a click on one hydrates it first. Nothing inside suspends.
 */
function HydratedAfterPlayground({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
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
  /** Rendered in a side column next to the page (wide screens) or after it (narrow). */
  renderSidePanel?: (context: ToolPageSlotContext) => ReactNode;
  /** The side column's name for assistive technology (the workspace's unless told). */
  sidePanelLabel?: string;
  /** Drawn before the tool's name in the header (a live tool's icon). */
  titleIcon?: ReactNode;
}

function Section({
  id,
  title,
  children,
  description,
}: {
  id: string;
  title: string;
  children: ReactNode;
  description?: ReactNode;
}) {
  return (
    <section className="doc-section" id={id} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} tabIndex={-1}>
        {title}
      </h2>
      {description ? <div className="section-description">{description}</div> : null}
      {children}
    </section>
  );
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
  const docsAfterPlayground = useMemo(() => {
    const relationships = tool.relationships ?? [];
    const versionCount = toolVersions(toolset, tool.name).length;
    return (
      <>
        <Section id="description" title="Description">
          <p className="tool-description">{tool.description}</p>
          <dl className="tool-facts">
            <div>
              <dt>Version</dt>
              <dd>
                {tool.version}
                {versionCount > 1 ? (
                  <>
                    {' · '}
                    <a
                      href="#versions"
                      onClick={(event) => scrollToSection(page.scroller, event, 'versions')}
                      data-testid="version-count"
                    >
                      {versionCount} versions
                    </a>
                  </>
                ) : null}
              </dd>
            </div>
            <div>
              <dt>Category</dt>
              <dd>{categoryLabel(toolset, tool.category)}</dd>
            </div>
            <div>
              <dt>Tags</dt>
              <dd>
                <ul className="tag-list" aria-label="Tags">
                  {tool.tags.map((tag) => (
                    <li key={tag} className="tag">
                      {tag}
                    </li>
                  ))}
                </ul>
              </dd>
            </div>
          </dl>
        </Section>

        <HydratedAfterPlayground>
          <Section id="parameters" title="Parameters">
            <ParameterTable tool={tool} />
            {relationships.length > 0 ? (
              <>
                <h3>Relationships</h3>
                <ul className="relationship-list">
                  {relationships.map((relationship) => (
                    <li key={`${relationship.kind}-${relationship.parameter}`}>{relationship.description}</li>
                  ))}
                </ul>
              </>
            ) : null}
          </Section>

          {tool.outputSchema ? (
            <Section id="output" title="Output">
              <p className="muted">
                The fields of the result's structuredContent, as the tool's output schema declares them; a live result
                is checked against it.
              </p>
              <ParameterTable tool={tool} output />
            </Section>
          ) : null}

          <Section id="examples" title="Examples">
            <ExamplesSection tool={tool} onTry={tryArguments} />
          </Section>
        </HydratedAfterPlayground>
      </>
    );
  }, [tool, toolset, tryArguments, page.scroller]);
  const docsBelow = useMemo(
    () => (
      <HydratedAfterPlayground>
        <Section id="schema" title="JSON Schema">
          <CodeBlock
            code={JSON.stringify(tool.inputSchema, null, 2)}
            label={`${tool.name} input schema`}
            maxHeight={480}
          />
        </Section>

        <Section id="audit" title="Audit findings">
          <HydrateNear anchorId="audit" height={120}>
            <AuditSection tool={tool} naming={toolset.manifest.naming} />
          </HydrateNear>
        </Section>

        <Section id="formats" title="Provider formats">
          <HydrateNear anchorId="formats" height={360}>
            <ProviderFormats tool={tool} />
          </HydrateNear>
        </Section>

        <Section
          id="use"
          title="Use this tool"
          description={
            <p className="muted">
              The tool offered to a model through each provider's SDK and curl, registered on an MCP server, and its
              arguments as types; each compiles as shown.
            </p>
          }
        >
          <NearPart height={360}>
            <UseThisTool tool={tool} />
          </NearPart>
        </Section>

        <Section
          id="compatibility"
          title="Provider compatibility"
          description={
            <p className="muted">
              Whether each provider accepts this definition as it is, every finding with its keyword and JSON pointer,
              and the converted form it does accept.
            </p>
          }
        >
          <NearPart height={200}>
            <CompatibilitySection tool={tool} />
          </NearPart>
        </Section>

        <Section
          id="tokens"
          title="Token cost"
          description={
            <p className="muted">
              What this definition costs in every request that offers the tool, as each provider receives it.
            </p>
          }
        >
          <NearPart height={200}>
            <ToolTokenCost key={`${toolsetId}/${tool.name}`} tool={tool} />
          </NearPart>
        </Section>

        <Section
          id="versions"
          title="Versions"
          description={
            <p className="muted">
              Compare two definitions: every change is breaking (a call the older one accepted may now fail or mean
              something else), minor (older calls still work) or patch (wording only).
            </p>
          }
        >
          <ClientOnly fallback={<Pending height={200} />}>
            <VersionsSection key={`${toolsetId}/${tool.name}`} toolset={toolset} tool={tool} />
          </ClientOnly>
        </Section>

        <Section
          id="embed"
          title="Embed this tool"
          description={
            <p className="muted">
              One script tag and one element put this tool, live, in any page; it runs in a workspace of its own.
            </p>
          }
        >
          {/* An imported or live toolset exists only in this browser: a page elsewhere could not load it. */}
          {toolsets.find(toolsetId)?.origin === 'imported' ? (
            <p className="muted" data-testid="embed-not-bundled">
              Embedding takes the toolsets this site bundles. This toolset was imported
              {toolsets.find(toolsetId)?.record?.live ? ' from a live server' : ''} and exists only in this browser, so
              a page elsewhere could not load it.
            </p>
          ) : (
            <NearPart height={320}>
              <EmbedSnippet toolsetId={toolsetId} tool={tool} />
            </NearPart>
          )}
        </Section>
      </HydratedAfterPlayground>
    ),
    [tool, toolset, toolsetId, toolsets],
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
            <ClientOnly fallback={<Pending height={EXECUTE_HEIGHT} />}>{renderBelowPlayground(context)}</ClientOnly>
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
          <ClientOnly fallback={<Pending height={320} />}>{sidePanel}</ClientOnly>
        </aside>
      ) : null}
    </div>
  );
}

/**
 * The local nav's sections, every one at its own address (`#audit`). A sticky nav over one long page rather than tabs:
 * each section stays prerendered and in the page's text (find in page, a deep link, the axe check see them all), and
 * a tab would have to hydrate and draw its panel on click, where a scroll only moves.
 */
const LOCAL_SECTIONS: readonly (readonly [string, string])[] = [
  ['playground', 'Playground'],
  ['description', 'Description'],
  ['parameters', 'Parameters'],
  ['examples', 'Examples'],
  ['schema', 'Schema'],
  ['audit', 'Audit'],
  ['formats', 'Provider formats'],
  ['compatibility', 'Compatibility'],
  ['tokens', 'Token cost'],
  ['versions', 'Versions'],
  ['embed', 'Embed'],
];

/** In-page links would change the hash route, so they scroll instead. */
function scrollToSection(scroller: Scroller, event: MouseEvent<HTMLAnchorElement>, id: string) {
  event.preventDefault();
  const target = document.getElementById(id);
  if (!target) return;
  scroller.scrollTo(target);
  target.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
}
