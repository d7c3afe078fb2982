/** This project's own toolset file ({manifest, tools}): definitions carry examples, risk and categories already. */
import type { ToolsetBundle } from '../../toolset/types';
import type { ImportOptions, ImportProblem, RawTool } from '../types';
import { pointerOf } from './shared';
import { isJsonObject } from '../../json/is-json-object';

export function readToolsetFile(
  value: unknown,
  options: ImportOptions,
): { toolset: ToolsetBundle; raws: RawTool[]; problems: ImportProblem[] } {
  const file = isJsonObject(value) ? value : {};
  const manifest = isJsonObject(file.manifest) ? file.manifest : {};
  const tools = Array.isArray(file.tools) ? file.tools : [];
  const problems: ImportProblem[] = [];
  const name =
    options.toolsetName?.trim() ||
    (typeof manifest.name === 'string' && manifest.name.trim() ? manifest.name.trim() : 'Imported toolset');
  const id =
    options.toolsetId ??
    (typeof manifest.id === 'string' && /^[a-z][a-z0-9-]*$/.test(manifest.id) ? manifest.id : 'imported');
  const categories = Array.isArray(manifest.categories)
    ? manifest.categories.filter(isJsonObject).flatMap((category) =>
        typeof category.id === 'string' && Array.isArray(category.tools)
          ? [
              {
                id: category.id,
                name: typeof category.name === 'string' ? category.name : category.id,
                description: typeof category.description === 'string' ? category.description : '',
                tools: category.tools.filter((tool): tool is string => typeof tool === 'string'),
              },
            ]
          : [],
      )
    : [];
  const toolset: ToolsetBundle = {
    manifest: {
      id,
      name,
      version: typeof manifest.version === 'string' ? manifest.version : '1.0.0',
      description: typeof manifest.description === 'string' ? manifest.description : 'Imported toolset.',
      categories,
    },
    tools: [],
  };
  const raws = tools.map((entry, index): RawTool => {
    const tool = isJsonObject(entry) ? entry : {};
    return {
      index,
      pointer: `/tools${pointerOf(index)}`,
      name: tool.name,
      title: tool.title,
      description: tool.description ?? '',
      schemaPointer: '/inputSchema',
      schema: tool.inputSchema,
      full: tool,
    };
  });
  return { toolset, raws, problems };
}
