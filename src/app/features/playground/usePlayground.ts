import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { JsonObject, JsonValue, ToolDefinition } from '../../../core/toolset/types';
import { homeToolsetId } from '../../../core/toolset/collection';
import { toolHref } from '../../lib/hrefs';
import { useValidator } from '../../lib/ValidatorContext';
import { MAX_SHARED_LINK_LENGTH } from '../../lib/sharedToolsetLimits';
import type { DecodeResult } from '../../lib/shareLink';
import { tooLargeToShare } from '../../lib/shareLinkFormat';
import {
  clearArgumentsText,
  saveArgumentsText,
  saveReplacedArguments,
  toolKey,
  type KeyValueStore,
} from '../../lib/storage';
import { notSavedLine } from '../../lib/storageFailure';
import {
  createLargeTexts,
  hasLargeArgumentsText,
  lostTextMessage,
  markedLength,
  type LargeTexts,
} from '../../lib/largeArguments';
import { LARGE_TEXT_CHARS } from './evaluation';
import { createArgumentChecks, evaluateOffThread } from './evaluateOffThread';
import { usePage } from '../../lib/page';
import { createPrecompiledLoads } from '../../lib/precompiledValidators';
import { createSchemaChecks } from '../../lib/schemaWorker';
import {
  applyEvaluation,
  applyFormData,
  applyText,
  dismissNotice,
  exampleText,
  offerLargeSavedArguments,
  initialState,
  prettyJson,
  replaceText,
  swapArguments,
  type Checker,
  type Playground,
  type PlaygroundState,
} from './playgroundState';

export * from './playgroundState';

/** How long typing must pause before a large text is checked, and before a text is saved. */
const CHECK_DELAY_MS = 120;
const SAVE_DELAY_MS = 150;
const LARGE_SAVE_DELAY_MS = 1000;

/**
 * localStorage when the text fits, else IndexedDB (see largeArguments); a store of its own (an embed's) takes any
 * text. What to tell the user when the browser refused both, else null.
 */
async function persist(
  largeTexts: LargeTexts,
  storageName: string,
  text: string,
  store: KeyValueStore | null | undefined,
  keepLarge = false,
): Promise<string | null> {
  if (store !== undefined) {
    saveArgumentsText(storageName, text, store);
    return null;
  }
  if (saveArgumentsText(storageName, text)) {
    // `keepLarge`: the large text in IndexedDB is the user's own, still offered back by the notice.
    if (!keepLarge) largeTexts.forget(storageName);
    return null;
  }
  return largeTexts.save(storageName, text);
}

/**
 * The playground's arguments: one text kept in sync with the form, validated on every edit by the validator the
 * entry point provides (ValidatorContext). `shared`: a
 * shared link's arguments as the page decoded them (the same object while the link is the same).
 */
export function usePlayground(
  tool: ToolDefinition,
  shared: DecodeResult | undefined,
  toolsetId: string = homeToolsetId(),
  /** An imported toolset, encoded for links: opening the link in a fresh browser brings the toolset along. */
  sharedToolsetParam?: string,
  /**
   * `store`: where the text is kept (an embed passes a memory store, so it never overwrites the site's saved
   * arguments); `initialText`: the text to open with instead of a saved one; `encodeArguments`: how a share link
   * carries the text (a tool page's; without it there is no `shareUrl`).
   */
  options: {
    store?: KeyValueStore | null;
    initialText?: string;
    encodeArguments?: (text: string) => string | Promise<string>;
  } = {},
): Playground {
  const validator = useValidator();
  const page = usePage();
  const checks = page.part(createArgumentChecks);
  const schemaChecks = page.part(createSchemaChecks);
  const precompiled = page.part(createPrecompiledLoads);
  const largeTexts = page.part(createLargeTexts);
  const checker = useMemo<Checker>(
    () => ({ validator, elsewhere: (candidate) => schemaChecks.elsewhere(validator, candidate, precompiled) }),
    [validator, schemaChecks, precompiled],
  );
  const storageName = toolKey(toolsetId, tool.name);
  const { store, initialText, encodeArguments } = options;
  const [state, setState] = useState<PlaygroundState>(() =>
    initialState(checker, tool, shared, store, initialText, storageName),
  );
  // A text too large for localStorage was saved in IndexedDB: until it is back, the editor and form take no edits
  // (and nothing is saved), so neither the example shown meanwhile nor a key typed into it can replace it.
  const [restoring, setRestoring] = useState(
    () => store === undefined && initialText === undefined && !shared && hasLargeArgumentsText(storageName),
  );
  /** The browser refused to keep the text: said until a save works again. */
  const [storageProblem, setStorageProblem] = useState<string | null>(null);
  /** The text marked as kept was gone on reload: said while the example shown in its place is untouched. */
  const [lost, setLost] = useState<{ message: string; shown: string | null } | null>(null);
  useEffect(() => {
    if (lost?.shown === null) setLost({ ...lost, shown: state.text });
    else if (lost && lost.shown !== state.text) setLost(null);
  }, [lost, state.text]);
  useEffect(() => {
    if (!restoring) return;
    let active = true;
    void largeTexts.load(storageName).then((text) => {
      if (!active) return;
      if (text !== null) setState((current) => replaceText(checker, tool, current, text));
      else setLost({ message: lostTextMessage(markedLength(storageName) ?? 0), shown: null });
      setRestoring(false);
    });
    return () => {
      active = false;
    };
  }, [restoring, storageName, tool, checker, largeTexts]);
  // A shared link over arguments kept in IndexedDB: read them, and offer them back as the notice does for any.
  const [largeSaved] = useState(
    () => store === undefined && initialText === undefined && !!shared && hasLargeArgumentsText(storageName),
  );
  useEffect(() => {
    if (!largeSaved) return;
    let active = true;
    void largeTexts.load(storageName).then((text) => {
      if (active && text !== null) setState((current) => offerLargeSavedArguments(current, text));
    });
    return () => {
      active = false;
    };
  }, [largeSaved, storageName, largeTexts]);
  const offersLargeSaved = useRef(false);
  offersLargeSaved.current = store === undefined && state.swap?.kind === 'mine' && hasLargeArgumentsText(storageName);

  // What the state was last opened from: the first render has applied it already.
  const openedFrom = useRef({ tool, shared });

  // A new tool (or a new shared link) starts from its own saved text; a link for the tool already open
  // replaces the text on screen, which may be newer than what has been saved.
  useEffect(() => {
    const previous = openedFrom.current;
    openedFrom.current = { tool, shared };
    if (previous.tool === tool && (!shared || previous.shared === shared)) return;
    // The same tool defined again (a live server's tools published anew as the page connects) keeps what was typed,
    // checked against the new definition: only another tool starts from its own saved text.
    const sameTool = previous.tool.name === tool.name;
    setState((current) => ({
      ...initialState(checker, tool, shared, store, sameTool ? current.text : initialText, storageName),
      revision: current.revision + 1,
    }));
  }, [checker, tool, shared, storageName, store, initialText]);

  // A large text, or any text of a tool whose schema has no validator built in (an imported one: compiling it is
  // forbidden on the page), is checked once typing pauses, in a worker; a verdict on a text changed since is dropped.
  useEffect(() => {
    if (!state.checking) return;
    const text = state.text;
    // A newer text cancels this check: its verdict would be dropped, and a long one stops holding the worker.
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      void evaluateOffThread(checks, validator, tool, text, controller.signal).then((evaluation) => {
        if (evaluation && !controller.signal.aborted) setState((latest) => applyEvaluation(latest, evaluation));
      });
    }, CHECK_DELAY_MS);
    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
  }, [checks, validator, tool, state.checking, state.text]);

  // Persist the text (what the user typed, even malformed), off the keystroke path; a save still pending
  // when the page goes away (another tool, a reload, a closed tab) is written at once.
  const pendingSave = useRef<{ toolName: string; text: string } | null>(null);
  useEffect(() => {
    if (restoring) return;
    pendingSave.current = { toolName: storageName, text: state.text };
    let active = true;
    const timer = window.setTimeout(
      () => {
        pendingSave.current = null;
        void persist(largeTexts, storageName, state.text, store, offersLargeSaved.current).then((problem) => {
          // A text the browser refused stays on screen, and the page says it is not saved; a save that works clears it.
          if (active || problem !== null) setStorageProblem(problem);
        });
      },
      state.text.length >= LARGE_TEXT_CHARS ? LARGE_SAVE_DELAY_MS : SAVE_DELAY_MS,
    );
    return () => {
      active = false;
      window.clearTimeout(timer);
    };
  }, [storageName, state.text, restoring, store, largeTexts]);
  useEffect(() => {
    const flush = () => {
      if (pendingSave.current)
        void persist(
          largeTexts,
          pendingSave.current.toolName,
          pendingSave.current.text,
          store,
          offersLargeSaved.current,
        );
      pendingSave.current = null;
    };
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [store, largeTexts]);

  useEffect(() => {
    const problem = notSavedLine(
      'The arguments the shared link replaced were',
      saveReplacedArguments(storageName, state.replaced, store),
    );
    if (problem !== null) setStorageProblem(`${problem} They are offered back while this page is open.`);
  }, [storageName, state.replaced, store]);

  // The editor reports the text it was just given (a shared link, a reset) as a change: that is no edit,
  // so it leaves the notice in place.
  const setTextFromEditor = useCallback(
    (text: string) => setState((current) => applyText(checker, tool, current, text)),
    [checker, tool],
  );
  const setText = useCallback(
    (text: string) => setState((current) => replaceText(checker, tool, current, text)),
    [checker, tool],
  );

  const setFormData = useCallback(
    (data: JsonObject, base?: JsonObject) => setState((current) => applyFormData(checker, tool, current, data, base)),
    [checker, tool],
  );

  const loadArguments = useCallback((args: JsonValue) => setText(prettyJson(args)), [setText]);
  const resetToExample = useCallback(() => setText(exampleText(tool)), [setText, tool]);
  const clear = useCallback(() => {
    clearArgumentsText(storageName, store);
    if (store === undefined) largeTexts.forget(storageName);
    setText('{}');
  }, [setText, storageName, store, largeTexts]);
  const dismiss = useCallback(() => {
    // Dismissing lets go of the offered arguments: a large text's IndexedDB copy goes too (the current text is saved).
    if (offersLargeSaved.current) {
      offersLargeSaved.current = false;
      void persist(largeTexts, storageName, state.text, store).then(setStorageProblem);
    }
    setState(dismissNotice);
  }, [storageName, state.text, store, largeTexts]);
  const swap = useCallback(() => setState((current) => swapArguments(checker, tool, current)), [checker, tool]);

  const shareUrl = useMemo(
    () =>
      encodeArguments &&
      (() => {
        const address = (encoded: string) => {
          const href = toolHref(toolsetId, tool.name, encoded);
          return new URL(
            sharedToolsetParam ? `${href}&toolset=${sharedToolsetParam}` : href,
            window.location.origin,
          ).toString();
        };
        const encoded = encodeArguments(state.text);
        return typeof encoded === 'string' ? address(encoded) : encoded.then(address);
      }),
    [encodeArguments, toolsetId, tool.name, state.text, sharedToolsetParam],
  );
  const shareTooLong =
    sharedToolsetParam && sharedToolsetParam.length > MAX_SHARED_LINK_LENGTH ? sharedToolsetParam.length : null;
  // A link that would open as "too large" is not offered.
  const argumentsTooLargeToShare = useMemo(() => tooLargeToShare(state.text), [state.text]);

  return useMemo(
    () => ({
      ...state,
      restoring,
      storageProblem: storageProblem ?? lost?.message ?? null,
      setTextFromEditor,
      setFormData,
      loadArguments,
      resetToExample,
      clear,
      ...(shareUrl && !argumentsTooLargeToShare ? { shareUrl } : {}),
      shareTooLong,
      argumentsTooLargeToShare,
      dismissNotice: dismiss,
      swapArguments: swap,
    }),
    [
      state,
      restoring,
      storageProblem,
      lost,
      setTextFromEditor,
      setFormData,
      loadArguments,
      resetToExample,
      clear,
      shareUrl,
      shareTooLong,
      argumentsTooLargeToShare,
      dismiss,
      swap,
    ],
  );
}
