// A file rather than an inline script because the server's CSP forbids inline scripts.
// It runs before first paint so a visitor who chose dark never sees a light flash. Light is the
// default (spec): the system's dark preference alone does not switch it, only the visitor's choice.
(function () {
  var stored = null;
  try {
    stored = localStorage.getItem('marquee-theme');
  } catch (e) {
    // Storage can be disabled (privacy modes); the default theme applies.
  }
  document.documentElement.classList.toggle('dark', stored === 'dark');
})();
