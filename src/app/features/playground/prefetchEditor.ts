/** Starts fetching the editor's chunks (its component and Monaco); the editor then finds them loaded or on their way. */
export function prefetchEditor(): void {
  void import('./JsonEditor').then((module) => module.loadMonaco()).catch(() => undefined);
}
