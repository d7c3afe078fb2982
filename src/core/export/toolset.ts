/** A whole toolset in one file: as a provider's `tools` list, or as this project's toolset file. */
import type { JsonValue, ToolsetBundle } from '../toolset/types';
import { exportTools } from './formats';
import { EXPORT_FORMATS, type ExportFormat } from './types';

export const TOOLSET_EXPORT_FORMATS = [...EXPORT_FORMATS, 'toolset'] as const;
export type ToolsetExportFormat = (typeof TOOLSET_EXPORT_FORMATS)[number];

export const isToolsetExportFormat = (value: string): value is ToolsetExportFormat =>
  (TOOLSET_EXPORT_FORMATS as readonly string[]).includes(value);

/** The shape each provider expects the list in: what its API takes, and what import reads back. */
export function exportToolset(toolset: ToolsetBundle, format: ToolsetExportFormat): JsonValue {
  if (format === 'toolset') return toolset as unknown as JsonValue;
  const entries = exportTools(toolset.tools, format as ExportFormat);
  if (format === 'gemini') return { functionDeclarations: entries };
  if (format === 'mcp') return { tools: entries };
  return entries;
}

/** A file name for the download: the toolset id and the format. */
export function exportFileName(toolset: ToolsetBundle, format: ToolsetExportFormat): string {
  return `${toolset.manifest.id}.${format}.json`;
}
