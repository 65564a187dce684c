// Applies the saved colour theme before the first paint (loaded synchronously from <head>; the CSP
// allows no inline script). Mirrors resolveTheme() in src/lib/theme.ts; a unit test keeps them equal.
/* global window, document */
(function () {
  function cookie(name) {
    var parts = document.cookie.split(';');
    for (var i = 0; i < parts.length; i++) {
      var at = parts[i].indexOf('=');
      if (at > -1 && parts[i].slice(0, at).trim() === name) {
        try {
          return decodeURIComponent(parts[i].slice(at + 1).trim());
        } catch {
          return '';
        }
      }
    }
    return '';
  }
  var darkThemes = ['dark', 'oled', 'retro'];
  var preference = cookie('cairn-color-mode');
  if (preference !== 'light' && darkThemes.indexOf(preference) === -1) preference = 'system';
  var preferredDark = 'dark';
  try {
    var cosmetics = JSON.parse(cookie('cairn-cosmetics') || '{}');
    if (cosmetics && darkThemes.indexOf(cosmetics.preferredDarkTheme) > -1) preferredDark = cosmetics.preferredDarkTheme;
  } catch {
    /* unreadable cookie: keep the default */
  }
  var theme = preference;
  if (preference === 'system') {
    var systemDark = window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches;
    theme = systemDark ? preferredDark : 'light';
  }
  var root = document.documentElement;
  root.setAttribute('data-theme', theme);
  root.style.colorScheme = theme === 'light' ? 'light' : 'dark';
})();
