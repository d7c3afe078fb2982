import type { ToolDefinition, ToolsetBundle } from '../../../core/toolset/types';
import { ExamplesSection } from '../../features/tool-docs/ExamplesSection';
import { ParameterTable } from '../../features/tool-docs/ParameterTable';
import { encodeArgumentsText } from '../../lib/shareLink';
import { EmbedHeader, OpenLink, siteToolHref } from '../../features/embed/EmbedChrome';

/** The docs view: description, parameters and examples, each example opening the site's playground. */
export function DocsView({ toolset, tool }: { toolset: ToolsetBundle; tool: ToolDefinition }) {
  return (
    <>
      <EmbedHeader tool={tool}>
        <OpenLink toolsetId={toolset.manifest.id} tool={tool} />
      </EmbedHeader>
      <p className="tool-description">{tool.description}</p>
      <h2 className="embed-section-title">Parameters</h2>
      <ParameterTable tool={tool} />
      <h2 className="embed-section-title">Examples</h2>
      <ExamplesSection
        tool={tool}
        onTry={(args) =>
          window.open(
            siteToolHref(toolset.manifest.id, tool.name, encodeArgumentsText(JSON.stringify(args, null, 2))),
            '_blank',
            'noopener',
          )
        }
      />
    </>
  );
}
