// Runs before the page is drawn (a blocking script in <head>), so a prerendered page never shows the wrong theme.
(function () {
  var theme = null;
  try {
    theme = localStorage.getItem('tsp:theme');
  } catch (error) {}
  if (theme !== 'light' && theme !== 'dark') theme = window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  document.documentElement.dataset.theme = theme;
  document.documentElement.style.colorScheme = theme;
})();
