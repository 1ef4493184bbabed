// Runs before the first paint (a plain, blocking script in index.html's head;
// the CSP allows no inline script): puts the colour scheme the app will use on
// <html>, so a dark page never flashes light while the app loads. The same
// rule as MUI's InitColorSchemeScript, with src/theme/colorScheme.ts's key
// and attribute: the stored mode ('light', 'dark' or 'system', the default),
// and for 'system' what the device prefers.
(function () {
  var scheme = 'light';
  try {
    var mode = window.localStorage.getItem('mui-mode') || 'system';
    var prefersDark =
      window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches;
    if (mode === 'dark' || (mode === 'system' && prefersDark)) scheme = 'dark';
  } catch {
    // Storage may be disabled (private modes, sandboxed frames): the light scheme then.
  }
  document.documentElement.setAttribute('data-mui-color-scheme', scheme);
  document.documentElement.style.colorScheme = scheme;
})();
