// Runs before the body is parsed (a file rather than an inline script, so the Content-Security-Policy
// can stay `script-src 'self'`):
// - applies the stored theme (dark by default, spec §9) before React mounts, so there is no flash;
// - where the login screen will be the first screen (its route, or the portal's root without a session
//   in this tab), shows the login screen's static first paint that index.html carries
//   (build/first-paint-shell.ts) in the stored language and the host's platform, until React replaces it.
(() => {
  const html = document.documentElement;
  let scheme = 'dark';
  let language = '';
  let signedIn = false;
  try {
    if (localStorage.getItem('ui_theme') === 'light') scheme = 'light';
    language = localStorage.getItem('ui_language') || '';
    signedIn = Boolean(sessionStorage.getItem('id_token'));
  } catch {
    // storage disabled: keep the defaults
  }
  html.setAttribute('data-mantine-color-scheme', scheme);
  const path = location.pathname;
  if (path === '/frlgn' || (path === '/' && !signedIn)) {
    html.setAttribute('data-first-paint', 'login');
    html.setAttribute('data-fp-lang', language);
    html.setAttribute('data-fp-platform', (location.hostname.split('.')[0] || '').toUpperCase());
  }
})();
