import { Suspense, use, useRef } from 'react';
import { catalogHref } from '../lib/hrefs';
import { loadOnce } from '../lib/preload';
import { useEarlyActions } from '../lib/earlyEvents';
import type { Suggestion, toolSuggestions, toolsetSuggestions } from '../lib/notFoundSuggestions';

/** The functions that find what "Not found" offers instead. */
export interface SuggestionFinders {
  toolSuggestions: typeof toolSuggestions;
  toolsetSuggestions: typeof toolsetSuggestions;
}

// Suggesting compares what was typed with every toolset’s and tool’s name (edit distances): 1.9 KB gzip
// measured in the build, which every page loaded while only "Not found" uses it, so it comes with that page.
const suggestionFinders = loadOnce<SuggestionFinders>(() => import('../lib/notFoundSuggestions'));

function NotFoundSuggestions({ suggest }: { suggest: (finders: SuggestionFinders) => readonly Suggestion[] }) {
  const suggestions = suggest(use(suggestionFinders()));
  if (suggestions.length === 0) return null;
  return (
    <p className="not-found-suggestions">
      Did you mean{' '}
      {suggestions.map((suggestion, index) => (
        <span key={suggestion.href}>
          {index > 0 && (index === suggestions.length - 1 ? ' or ' : ', ')}
          <a href={suggestion.href}>{suggestion.label}</a>
        </span>
      ))}
      ?
    </p>
  );
}

export function NotFound({
  what,
  suggest,
}: {
  what: string;
  /** What to offer instead, found once the finders' code has loaded (the rest of the page does not wait for it). */
  suggest?: (finders: SuggestionFinders) => readonly Suggestion[];
}) {
  const root = useRef<HTMLDivElement>(null);
  useEarlyActions(root);
  return (
    <div className="empty-state" ref={root}>
      <h1>Not found</h1>
      <p>{what}</p>
      {suggest ? (
        <Suspense fallback={null}>
          <NotFoundSuggestions suggest={suggest} />
        </Suspense>
      ) : null}
      <a className="button" href={catalogHref()}>
        Back to the catalog
      </a>
    </div>
  );
}
