// Applies the saved theme before first paint (a file, since the CSP forbids inline scripts).
(function () {
  try {
    var saved = window.localStorage.getItem('theme');
    var theme = saved === 'light' || saved === 'dark' ? saved : 'system';
    var dark =
      theme === 'dark' ||
      (theme === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
    window.document.documentElement.classList.toggle('dark', dark);
    window.document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  } catch {
    // storage unavailable: the app applies the theme once it loads
  }
})();
