/**
 * Takes away the login screen's static first paint (index.html, build/first-paint-shell.ts) once a
 * React screen is there to take its place: the login page when it mounts, any other screen or the
 * error page when the first navigation ends elsewhere. Safe to call any number of times.
 */
export function dismissFirstPaint(): void {
  document.getElementById('first-paint')?.remove();
  document.documentElement.removeAttribute('data-first-paint');
}
