import { useMemo } from 'react';
import type { ToolDefinition } from '../../../core/toolset/types';
import { toolSnippets } from '../../../site/snippets';
import { CodeBlock } from '../../components/CodeBlock';
import { Tabs } from '../../components/Tabs';

/** The tool in each SDK, on an MCP server and as typed arguments: one tab per snippet (src/site/snippets). */
export function UseThisTool({ tool }: { tool: ToolDefinition }) {
  const snippets = useMemo(() => toolSnippets(tool), [tool]);
  return (
    <Tabs
      label="Use this tool"
      items={snippets.map((snippet) => ({
        id: snippet.id,
        label: snippet.label,
        content: <CodeBlock code={snippet.code} label={`${tool.name}: ${snippet.label}`} maxHeight={420} />,
      }))}
    />
  );
}
