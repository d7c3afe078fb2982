// @vitest-environment jsdom
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { createPage, PageContext } from './page';
import { navigate, parsePath, takeOverPrerendered, useRoute } from './router';

function Page() {
  const route = useRoute();
  return <h1>{route.page === 'tool' ? route.name : route.page}</h1>;
}

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('taking over a prerendered page after a link was followed', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    window.history.replaceState(null, '', '/');
  });

  it('takes over the markup the build wrote, then shows the page the address names, with no mismatch', async () => {
    const catalog = parsePath('/');
    const container = document.createElement('div');
    container.innerHTML = renderToString(
      <PageContext value={createPage(catalog)}>
        <Page />
      </PageContext>,
    );
    document.body.append(container);
    expect(container.textContent).toBe('catalog');

    // The entry runs at `/`, then a link is followed before the app has the page.
    const page = createPage();
    takeOverPrerendered(page.route, catalog);
    navigate('/tools/git_commit/');
    const mismatches: unknown[] = [];
    await act(async () => {
      hydrateRoot(
        container,
        <PageContext value={page}>
          <Page />
        </PageContext>,
        { onRecoverableError: (error) => mismatches.push(error) },
      );
    });
    expect(mismatches).toEqual([]);
    expect(container.textContent).toBe('git_commit');
  });
});
