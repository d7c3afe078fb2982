import { lazy } from 'react';
import type { ToolDefinition, ToolsetBundle } from '../../../core/toolset/types';
import { CodeBlock } from '../../components/CodeBlock';
import { HydrateNear } from '../../components/HydrateNear';
import { ClientOnly } from '../../lib/hydrated';
import type { Toolsets } from '../../services/toolsets';
import { VersionsSection } from '../../features/evolution/VersionsSection';
import { HydratedAfterPlayground, NearPart, Pending, Section } from './SectionParts';

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

/**
 * The tool's reference below the models section: its schema, audit, provider formats and SDK use, compatibility,
 * token cost, versions and embedding. Each heavy part loads as it comes near the screen.
 */
export function ReferenceSections({
  toolset,
  tool,
  toolsets,
}: {
  toolset: ToolsetBundle;
  tool: ToolDefinition;
  toolsets: Toolsets;
}) {
  const toolsetId = toolset.manifest.id;
  const entry = toolsets.find(toolsetId);
  return (
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
            Whether each provider accepts this definition as it is, every finding with its keyword and JSON pointer, and
            the converted form it does accept.
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
        {entry?.origin === 'imported' ? (
          <p className="muted" data-testid="embed-not-bundled">
            Embedding takes the toolsets this site bundles. This toolset was imported
            {entry?.record?.live ? ' from a live server' : ''} and exists only in this browser, so a page elsewhere
            could not load it.
          </p>
        ) : (
          <NearPart height={320}>
            <EmbedSnippet toolsetId={toolsetId} tool={tool} />
          </NearPart>
        )}
      </Section>
    </HydratedAfterPlayground>
  );
}
