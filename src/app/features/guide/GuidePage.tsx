/**
 * A page of the guide in the site's own look: the topics beside the text on a desktop, above it on a phone, and the
 * text in a column of about 70 characters. Its HTML is rendered from the project's own docs at build time (and by the
 * dev server), by markdown-it with raw HTML off: a tag written in the text shows as text.
 */
import { use, useRef } from 'react';
import { loadPage, topics, type GuidePageData } from 'virtual:guide';
import { useEarlyActions } from '../../lib/earlyEvents';
import { guideHref, guideTextHref } from '../../lib/hrefs';
import { usePage } from '../../lib/page';
import './guide.css';

/** The guide's texts this page has asked for: each loaded once, and drawn at once when it is here. */
interface GuideTexts {
  loading: Map<string, Promise<GuidePageData | null>>;
  ready: Map<string, GuidePageData | null>;
}

export function createGuideTexts(): GuideTexts {
  return { loading: new Map(), ready: new Map() };
}

/** The topic's text, loaded once a page; the app waits for it before taking over a prerendered guide page. */
export function prepareGuidePage(texts: GuideTexts, topic: string): Promise<GuidePageData | null> {
  let text = texts.loading.get(topic);
  if (!text) {
    text = loadPage(topic).then((loaded) => {
      texts.ready.set(topic, loaded);
      return loaded;
    });
    texts.loading.set(topic, text);
  }
  return text;
}

function GuideNav({ current }: { current: string }) {
  return (
    <nav className="guide-nav" aria-label="Guide topics">
      <ul>
        {topics.map((topic) => (
          <li key={topic.slug}>
            <a href={guideHref(topic.file)} aria-current={topic.slug === current ? 'page' : undefined}>
              {topic.slug === '' ? 'Overview' : topic.title}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function GuidePage({ topic }: { topic: string }) {
  const texts = usePage().part(createGuideTexts);
  const page = texts.ready.has(topic) ? texts.ready.get(topic)! : use(prepareGuidePage(texts, topic));
  // What was clicked and typed before the app took the page over (the header's buttons, the search's query) happens
  // once it has: until then public/boot.js holds it, and it holds every later one too until a page releases it.
  const root = useRef<HTMLDivElement>(null);
  useEarlyActions(root);
  return (
    <div className="guide-layout" ref={root}>
      <GuideNav current={topic} />
      {page ? (
        <article className="guide-text" aria-labelledby={page.headings[0]?.id}>
          {/* The project's own docs, rendered with raw HTML off (scripts/guide-render.ts): never text from a schema, a model or a server. */}
          <div dangerouslySetInnerHTML={{ __html: page.html }} />
          <p className="guide-source muted">
            This page as Markdown: <a href={guideTextHref(page.file)}>{page.file}</a>
          </p>
        </article>
      ) : (
        <article className="guide-text">
          <h1>Not in the guide</h1>
          <p>The guide has no page “{topic}”. Its topics are listed here.</p>
        </article>
      )}
    </div>
  );
}
