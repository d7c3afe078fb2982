/** A React root in a fresh element for each test of a jsdom file, unmounted and removed after it. */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach } from 'vitest';

export interface MountedRoot {
  readonly container: HTMLDivElement;
  readonly root: Root;
}

export function mountRootPerTest(): MountedRoot {
  let container: HTMLDivElement | null = null;
  let root: Root | null = null;
  beforeEach(() => {
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
  });
  afterEach(() => {
    act(() => root?.unmount());
    container?.remove();
  });
  return {
    get container() {
      if (container === null) throw new Error('mountRootPerTest: read inside a test');
      return container;
    },
    get root() {
      if (root === null) throw new Error('mountRootPerTest: read inside a test');
      return root;
    },
  };
}
