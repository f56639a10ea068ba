// Apply the stored theme (dark by default, spec §9) before React mounts, so there is no flash.
// A file rather than an inline script, so the Content-Security-Policy can stay `script-src 'self'`.
(() => {
  let scheme = 'dark';
  try {
    if (localStorage.getItem('ui_theme') === 'light') scheme = 'light';
  } catch {
    // storage disabled: keep the default
  }
  document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
})();
