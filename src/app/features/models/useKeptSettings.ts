import { useEffect, useLayoutEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { notSavedLine } from '../../lib/storageFailure';
import { NO_COMPARE, type CompareSettings } from './compareSettings';
import { DEFAULT_SETTINGS, fillUntouched, type RunSettings } from './settings';
import { keepCompare, keepSettings, recalledCompare, recalledSettings, savedSettings } from './settingsStore';

/**
 * The Models page's settings and side-by-side columns kept in this browser: written as they change, and those of an
 * earlier visit filled into the fields nobody has edited. Returns what to say when the browser refuses a write.
 */
export function useKeptSettings(
  settings: RunSettings,
  setSettings: Dispatch<SetStateAction<RunSettings>>,
  compare: CompareSettings,
  setCompare: Dispatch<SetStateAction<CompareSettings>>,
): { settingsNotSaved: string | null; compareNotSaved: string | null } {
  // Every field but the key is kept as it is typed, so leaving the page and coming back loses nothing. The first
  // settings are the defaults of the prerendered page: they are not written over the ones kept before.
  // A write the browser refuses is said under the form; what was typed stays in it.
  const [settingsNotSaved, setSettingsNotSaved] = useState<string | null>(null);
  const [compareNotSaved, setCompareNotSaved] = useState<string | null>(null);
  // A line is set only when it changes. A state set to the value it holds still renders the page again while another
  // update waits on the page, and each such render makes the settings a new object, which runs this effect again:
  // without the check, under load, the page renders without pause and an agent run's approval dialog never draws.
  const keeping = useRef(false);
  const settingsLine = useRef<string | null>(null);
  useEffect(() => {
    if (keeping.current) {
      const line = notSavedLine('These settings were', keepSettings(settings));
      if (line !== settingsLine.current) setSettingsNotSaved((settingsLine.current = line));
    }
    keeping.current = true;
  }, [settings]);
  const keepingCompare = useRef(false);
  const compareLine = useRef<string | null>(null);
  useEffect(() => {
    if (keepingCompare.current) {
      const line = notSavedLine('The side-by-side columns were', keepCompare(compare));
      if (line !== compareLine.current) setCompareNotSaved((compareLine.current = line));
    }
    keepingCompare.current = true;
  }, [compare]);
  // The settings of an earlier visit fill the fields nobody has edited, asked for once, as the page is taken over. The
  // page is hydrated at React's lowest priority (it sits in a Suspense boundary of the prerendered markup), and an update
  // asked for in a passive effect of that commit takes the same priority: it waits behind every other update, and a
  // page kept busy by other renders (under load) does not draw it. Asked in a layout effect, it is rendered at once,
  // right after the takeover's own commit and before the browser paints; a key typed at that moment keeps its field
  // (fillUntouched).
  useLayoutEffect(() => {
    const recalled = recalledSettings(DEFAULT_SETTINGS, savedSettings());
    setSettings((current) => fillUntouched(DEFAULT_SETTINGS, recalled, current));
    const recalledColumns = recalledCompare();
    setCompare((current) => fillUntouched(NO_COMPARE, recalledColumns, current));
  }, [setSettings, setCompare]);
  return { settingsNotSaved, compareNotSaved };
}
