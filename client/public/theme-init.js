// A file rather than an inline script because the server's CSP forbids inline scripts.
// It runs before first paint so a dark-theme visitor never sees a light flash.
(function () {
  var stored = null;
  try {
    stored = localStorage.getItem('marquee-theme');
  } catch (e) {
    // Storage can be disabled (privacy modes); fall through to the system preference.
  }
  var isDark =
    stored === 'dark' ||
    (stored !== 'light' &&
      typeof matchMedia === 'function' &&
      matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.classList.toggle('dark', isDark);
})();
