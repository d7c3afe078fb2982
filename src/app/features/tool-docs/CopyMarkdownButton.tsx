import type { ToolDefinition, ToolsetBundle } from '../../../core/toolset/types';
import { CopyButton } from '../../components/CopyButton';

/**
 * Copies the tool's page as Markdown: the text of its Markdown twin (`index.md` beside the page), made by the same
 * function when pressed, so its code loads then and not with the page.
 */
export function CopyMarkdownButton({ toolset, tool }: { toolset: ToolsetBundle; tool: ToolDefinition }) {
  const markdown = () => import('../../../site/markdown').then(({ toolMarkdown }) => toolMarkdown(toolset, tool));
  return (
    <CopyButton text={markdown} label={`Copy as Markdown: the ${tool.name} page`}>
      Copy as Markdown
    </CopyButton>
  );
}
