import { useMemo } from 'react';
import { EXPORT_FORMATS, exportTool } from '../../../core/export';
import type { ToolDefinition } from '../../../core/toolset/types';
import { CodeBlock } from '../../components/CodeBlock';
import { Tabs } from '../../components/Tabs';

export function ProviderFormats({ tool }: { tool: ToolDefinition }) {
  const exports = useMemo(() => EXPORT_FORMATS.map((format) => exportTool(tool, format)), [tool]);
  return (
    <Tabs
      label="Provider formats"
      items={exports.map((exported) => ({
        id: exported.format,
        label: exported.label,
        content: (
          <>
            <CodeBlock code={JSON.stringify(exported.value, null, 2)} label={`${exported.label} definition`} maxHeight={420} />
            {exported.notes.length > 0 ? (
              <ul className="format-notes">
                {exported.notes.map((note) => (
                  <li key={note}>{note}</li>
                ))}
              </ul>
            ) : null}
          </>
        ),
      }))}
    />
  );
}
