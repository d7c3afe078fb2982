/**
 * The provider emulator for a whole test file: started before its first test, closed after its last. Takes the
 * runner's hooks (Vitest's `{ beforeAll, afterAll }`, or Playwright's `test`), so both kinds of test share it.
 */
import { startProviderEmulator, type ProviderEmulator } from '../../src/core/model/emulator/server.node.js';

interface FileHooks {
  beforeAll(run: () => Promise<void>): void;
  afterAll(run: () => Promise<void>): void;
}

/** The emulator of this file; its `url` and `requests` are read inside tests (it starts in beforeAll). */
export function useProviderEmulator(hooks: FileHooks): ProviderEmulator {
  let emulator: ProviderEmulator | undefined;
  hooks.beforeAll(async () => {
    emulator = await startProviderEmulator();
  });
  hooks.afterAll(async () => {
    await emulator?.close();
    emulator = undefined;
  });
  const running = (): ProviderEmulator => {
    if (!emulator)
      throw new Error(
        'useProviderEmulator: the emulator runs only between beforeAll and afterAll; read it inside a test.',
      );
    return emulator;
  };
  return {
    get url() {
      return running().url;
    },
    get requests() {
      return running().requests;
    },
    close: () => running().close(),
  };
}
