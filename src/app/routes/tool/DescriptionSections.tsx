import type { JsonValue, ToolDefinition, ToolsetBundle } from '../../../core/toolset/types';
import { toolVersions } from '../../../core/toolset/versions';
import { categoryLabel } from '../../lib/toolset';
import type { Scroller } from '../../lib/motion';
import { ExamplesSection } from '../../features/tool-docs/ExamplesSection';
import { ParameterTable } from '../../features/tool-docs/ParameterTable';
import { scrollToSection } from './localSections';
import { HydratedAfterPlayground, Section } from './SectionParts';

/**
 * Right below the playground: what the tool does and its facts, its parameters and output, and examples that load
 * into the playground when tried.
 */
export function DescriptionSections({
  toolset,
  tool,
  onTry,
  scroller,
}: {
  toolset: ToolsetBundle;
  tool: ToolDefinition;
  onTry: (args: JsonValue) => void;
  scroller: Scroller;
}) {
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
                    onClick={(event) => scrollToSection(scroller, event, 'versions')}
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
              The fields of the result's structuredContent, as the tool's output schema declares them; a live result is
              checked against it.
            </p>
            <ParameterTable tool={tool} output />
          </Section>
        ) : null}

        <Section id="examples" title="Examples">
          <ExamplesSection tool={tool} onTry={onTry} />
        </Section>
      </HydratedAfterPlayground>
    </>
  );
}
