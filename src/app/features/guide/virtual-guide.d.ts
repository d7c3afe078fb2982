/** The guide's pages, rendered from docs/*.md by the build's guide plugin (scripts/vite-guide.ts). */
declare module 'virtual:guide' {
  export interface GuideTopic {
    /** '' for the guide's index. */
    slug: string;
    /** The Markdown file, served beside the page. */
    file: string;
    title: string;
  }
  export interface GuideHeading {
    level: number;
    id: string;
    text: string;
  }
  export interface GuidePageData extends GuideTopic {
    /** Rendered by markdown-it with raw HTML off, from the project's own docs. */
    html: string;
    headings: GuideHeading[];
  }
  export const topics: GuideTopic[];
  export function loadPage(slug: string): Promise<GuidePageData | null>;
}
