// Runs before the page is drawn (a blocking script in <head>). Three jobs until the app has taken a prerendered page
// over: the app's entry started once the page is painted (below); the stored or system theme, so the page never shows the wrong one; and the clicks, form submissions, file
// drops, pastes past a text area's limit or binary, Ctrl/Cmd+K (the app's search; the browser's own would take the focus away) and the keys typed for the search, made meanwhile, held here (a drop would otherwise open the file in place of the page) and handed to
// the page, which replays them once its handlers are there (src/app/lib/earlyEvents.ts). A held event goes no
// further, so nothing that is already the app's handles it twice. The theme key is the app's (storage.ts).
(function () {
  var theme = null;
  try {
    theme = localStorage.getItem('tsp:theme');
  } catch (error) {}
  if (theme !== 'light' && theme !== 'dark') theme = window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  document.documentElement.dataset.theme = theme;
  document.documentElement.style.colorScheme = theme;

  var types = ['click', 'submit', 'dragover', 'drop', 'keydown', 'paste'];
  var held = [];
  var searching = false;
  function inRoot(target) {
    return target && target.closest && target.closest('#root[data-route]');
  }
  // As the app tells binary text (looksBinaryText): a NUL, or more than one in ten of the first 8192 characters a
  // control character other than tab, line feed, form feed and carriage return.
  function binary(text) {
    var length = Math.min(text.length, 8192);
    var control = 0;
    for (var index = 0; index < length; index++) {
      var code = text.charCodeAt(index);
      if (code === 0) return true;
      if (code < 32 && code !== 9 && code !== 10 && code !== 12 && code !== 13) control++;
    }
    return length > 0 && control * 10 > length;
  }
  function hold(event) {
    if (event.type === 'keydown') {
      // Wherever the focus is (the page itself, mostly); a key the app has already taken is its own.
      var root = document.getElementById('root');
      if (!root || !root.hasAttribute('data-route') || event.defaultPrevented) return;
      var key = String(event.key);
      // Once its shortcut or button opened the search, the keys it takes as its code loads (App.tsx); Escape closes it.
      if (searching && !(event.ctrlKey || event.metaKey || event.altKey || event.isComposing) && (key.length === 1 || /^(Enter|Backspace|Escape)$/.test(key))) searching = key !== 'Escape';
      else if ((event.ctrlKey || event.metaKey) && !event.altKey && key.toLowerCase() === 'k') searching = true;
      else return;
      event.preventDefault();
      event.stopPropagation();
      held.push({ type: 'keydown', target: event.target, key: event.key, code: event.code, ctrlKey: event.ctrlKey, metaKey: event.metaKey, shiftKey: event.shiftKey });
      return;
    }
    if (!inRoot(event.target)) {
      // Around a prerendered page's content too, a drop opens nothing: the browser would leave the page for it.
      if ((event.type === 'dragover' || event.type === 'drop') && document.querySelector('#root[data-route]')) event.preventDefault();
      return;
    }
    if (event.type === 'paste') {
      // Measured before it reaches a text area that sets a limit: past it, or binary, held for the app, which never lays it out.
      var area = event.target.closest('textarea[data-paste-limit]');
      var text = area && event.clipboardData ? event.clipboardData.getData('text/plain') : '';
      if (!area || (!binary(text) && area.value.length - (area.selectionEnd - area.selectionStart) + text.length <= Number(area.dataset.pasteLimit))) return;
      event.preventDefault();
      event.stopPropagation();
      held.push({ type: 'paste', target: area, text: text });
      return;
    }
    if (event.type === 'click') {
      var button = event.target.closest('button');
      // A submit button's click is left to submit its form: the submission is what is held.
      if (!button || (button.type === 'submit' && button.form)) return;
      // The search's button.
      if (button.matches('[aria-keyshortcuts$="+K"]')) searching = true;
      held.push({ type: 'click', target: button });
      event.stopPropagation();
      return;
    }
    event.preventDefault();
    if (event.type === 'dragover') return;
    event.stopPropagation();
    if (event.type === 'drop') {
      var files = event.dataTransfer ? Array.prototype.slice.call(event.dataTransfer.files) : [];
      held.push({ type: 'drop', target: event.target, files: files, text: files.length === 0 && event.dataTransfer ? event.dataTransfer.getData('text/plain') : '' });
    } else held.push({ type: 'submit', target: event.target });
  }
  types.forEach(function (type) {
    document.addEventListener(type, hold, true);
  });
  // A prerendered page names its entry and its chunks inert (scripts/paint-first.ts): fetched before the first paint,
  // the app's code was parsed on the cores that lay the page out and raster it. It starts once the first frame with
  // content is on screen (its paint entry), at once in a hidden tab, after a second at the latest. Where paint entries
  // are not reported, a task queued from a frame callback: it runs once the frame is committed, while it is still being
  // rastered, and on the read_file page (2 cores) that delayed the first contentful paint by about 20 ms of 210.
  var started = false;
  function startEntry() {
    if (started) return;
    // Not before the whole head is there (a hidden tab's timer can come first): the entry and its chunks are named in it.
    if (!document.body) {
      document.addEventListener('DOMContentLoaded', startEntry);
      return;
    }
    started = true;
    window.__paintedFirst = true;
    var inert = document.querySelector('script[data-entry]');
    if (!inert) return;
    var entry = document.createElement('script');
    entry.type = 'module';
    entry.crossOrigin = '';
    entry.src = inert.getAttribute('src');
    document.head.appendChild(entry);
    // The chunks the page opens with, fetched beside the entry rather than once it has run.
    Array.prototype.forEach.call(document.querySelectorAll('link[data-preload-after-paint]'), function (inertLink) {
      // A chunk only some screens open with (Monaco where the editor is beside the form) names its media query.
      var media = inertLink.getAttribute('media');
      if (media && window.matchMedia && !window.matchMedia(media).matches) return;
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = inertLink.getAttribute('href');
      document.head.appendChild(link);
    });
  }
  function reportsPaints() {
    try {
      return typeof PerformanceObserver === 'function' && (PerformanceObserver.supportedEntryTypes || []).indexOf('paint') >= 0;
    } catch (error) {
      return false;
    }
  }
  if (document.visibilityState === 'hidden' || typeof requestAnimationFrame !== 'function') setTimeout(startEntry, 0);
  else {
    if (reportsPaints()) {
      new PerformanceObserver(function (list, observer) {
        if (list.getEntriesByName('first-contentful-paint').length === 0) return;
        observer.disconnect();
        setTimeout(startEntry, 0);
      }).observe({ type: 'paint', buffered: true });
    } else {
      requestAnimationFrame(function () {
        setTimeout(startEntry, 0);
      });
    }
    setTimeout(startEntry, 1000);
  }
  // Once: the events held so far, and no more holding.
  window.__releaseEarlyEvents = function () {
    window.__releaseEarlyEvents = null;
    types.forEach(function (type) {
      document.removeEventListener(type, hold, true);
    });
    return held;
  };
})();
