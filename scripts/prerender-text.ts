/**
 * The site as text for agents, written beside the prerendered pages: a Markdown twin of every tool page
 * (`<page>/index.md`; a tool of the default toolset also at its toolset-scoped address), llms.txt and llms-full.txt
 * at the root (src/site/markdown.ts makes the text).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { homeToolsetId } from '../src/core/toolset/collection';
import type { ToolDefinition, ToolsetBundle } from '../src/core/toolset/types';
import { catalogHref, toolHref } from '../src/app/lib/hrefs';
import { llmsFullTxt, llmsTxt, toolMarkdown, type SiteText } from '../src/site/markdown';
import { DEFAULT_SITE_TITLE } from '../src/site/site-title';

export const SITE_TEXT: SiteText = {
  title: DEFAULT_SITE_TITLE,
  description: 'Documentation, live validation playground and audit view for the JSON Schemas of AI-agent tools.',
};

/** A page's address below the base, from the app's own links (which start with the base). */
const belowBase = (href: string) => href.replace(/^\//, '');

/** Where a tool's twin is written, below the output folder: beside its page, and for the default toolset at its toolset-scoped address too. */
export function twinFiles(toolset: ToolsetBundle, tool: ToolDefinition): string[] {
  const page = `${belowBase(toolHref(toolset.manifest.id, tool.name, undefined, '/'))}index.md`;
  if (toolset.manifest.id !== homeToolsetId()) return [page];
  return [page, `toolsets/${encodeURIComponent(toolset.manifest.id)}/tools/${encodeURIComponent(tool.name)}/index.md`];
}

/** Every text file, by its path below the output folder. Links are absolute with a site URL, else below the base. */
export function agentTextFiles(
  toolsets: readonly ToolsetBundle[],
  siteUrl: string | null,
  base = '/',
  text: SiteText = SITE_TEXT,
): Map<string, string> {
  const address = (path: string) => (siteUrl ? new URL(path, siteUrl).href : `${base}${path}`);
  const files = new Map<string, string>();
  for (const toolset of toolsets) {
    for (const tool of toolset.tools) {
      const text = toolMarkdown(toolset, tool);
      for (const file of twinFiles(toolset, tool)) files.set(file, text);
    }
  }
  const links = {
    catalog: (toolset: ToolsetBundle) => address(belowBase(catalogHref(toolset.manifest.id, '/'))),
    toolMarkdown: (toolset: ToolsetBundle, tool: ToolDefinition) => address(twinFiles(toolset, tool)[0]!),
  };
  files.set('llms.txt', llmsTxt(text, toolsets, links));
  files.set('llms-full.txt', llmsFullTxt(text, toolsets));
  return files;
}

export function writeAgentText(
  outDir: string,
  toolsets: readonly ToolsetBundle[],
  siteUrl: string | null,
  base = '/',
  text: SiteText = SITE_TEXT,
): number {
  const files = agentTextFiles(toolsets, siteUrl, base, text);
  for (const [path, text] of files) {
    const file = join(outDir, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
  return files.size;
}
