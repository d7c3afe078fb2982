// Runs before the page is drawn (a blocking script in <head>). Two jobs until the app has taken a prerendered page
// over: the stored or system theme, so the page never shows the wrong one; and the clicks, form submissions and
// file drops made meanwhile, held here (a drop would otherwise open the file in place of the page) and handed to
// the app, which replays them (src/app/lib/earlyEvents.ts). The theme key is the app's (storage.ts).
(function () {
  var theme = null;
  try {
    theme = localStorage.getItem('tsp:theme');
  } catch (error) {}
  if (theme !== 'light' && theme !== 'dark') theme = window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  document.documentElement.dataset.theme = theme;
  document.documentElement.style.colorScheme = theme;

  var held = [];
  function inRoot(target) {
    return target && target.closest && target.closest('#root[data-route]');
  }
  function hold(event) {
    if (!window.__earlyEvents || !inRoot(event.target)) return;
    if (event.type === 'click') {
      var button = event.target.closest('button');
      if (button) held.push({ type: 'click', target: button });
      return;
    }
    event.preventDefault();
    if (event.type === 'drop') {
      var files = event.dataTransfer ? Array.prototype.slice.call(event.dataTransfer.files) : [];
      held.push({ type: 'drop', target: event.target, files: files });
    } else if (event.type === 'submit') held.push({ type: 'submit', target: event.target });
  }
  window.__earlyEvents = held;
  ['click', 'submit', 'dragover', 'drop'].forEach(function (type) {
    document.addEventListener(type, hold, true);
  });
  window.__releaseEarlyEvents = function () {
    window.__earlyEvents = null;
    window.__releaseEarlyEvents = null;
    ['click', 'submit', 'dragover', 'drop'].forEach(function (type) {
      document.removeEventListener(type, hold, true);
    });
    return held;
  };
})();
