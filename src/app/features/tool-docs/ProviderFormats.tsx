import { Fragment, useMemo, type ReactNode } from 'react';
import { EXPORT_FORMATS, EXPORT_FORMAT_INFO, exportTool, type ExportFormat } from '../../../core/export';
import type { ToolDefinition } from '../../../core/toolset/types';
import { CodeBlock } from '../../components/CodeBlock';
import { Tabs } from '../../components/Tabs';

/** What the code block holds: "Anthropic Messages definition", "Model Context Protocol tools/list entry". */
export function formatBlockLabel(format: ExportFormat, label: string): string {
  if (format === 'mcp') return `${label} tools/list entry`;
  return /\bdefinition$/i.test(label) ? label : `${label} definition`;
}

/** The format descriptions mark code with backticks. */
function withInlineCode(text: string): ReactNode[] {
  return text
    .split(/(`[^`]+`)/)
    .map((part, index) =>
      part.startsWith('`') && part.endsWith('`') && part.length > 1 ? (
        <code key={index}>{part.slice(1, -1)}</code>
      ) : (
        <Fragment key={index}>{part}</Fragment>
      ),
    );
}

/** Tab labels short enough for one row of six, even on a phone; the full name is the tooltip and heads the panel. */
const SHORT_LABELS: Partial<Record<ExportFormat, string>> = {
  'openai-chat': 'OpenAI Chat',
  'openai-responses': 'OpenAI Responses',
  anthropic: 'Anthropic',
  gemini: 'Gemini',
  mcp: 'MCP',
  plain: 'Plain',
};

export function ProviderFormats({ tool }: { tool: ToolDefinition }) {
  const exports = useMemo(() => EXPORT_FORMATS.map((format) => exportTool(tool, format)), [tool]);
  return (
    <Tabs
      label="Provider formats"
      items={exports.map((exported) => {
        const blockLabel = formatBlockLabel(exported.format, exported.label);
        const description = EXPORT_FORMAT_INFO[exported.format]?.description;
        return {
          id: exported.format,
          label: SHORT_LABELS[exported.format] ?? exported.label,
          title:
            SHORT_LABELS[exported.format] && SHORT_LABELS[exported.format] !== exported.label
              ? exported.label
              : undefined,
          content: (
            <>
              {description ? <p className="format-description">{withInlineCode(description)}</p> : null}
              <CodeBlock code={JSON.stringify(exported.value, null, 2)} label={blockLabel} maxHeight={420} />
              {exported.notes.length > 0 ? (
                <ul className="format-notes">
                  {exported.notes.map((note) => (
                    <li key={note}>{note}</li>
                  ))}
                </ul>
              ) : null}
            </>
          ),
        };
      })}
    />
  );
}
