import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { PLATFORM_LABELS, PROVIDER_ENTITIES } from '../../domain/src/platform/platform.ts';

/**
 * The login screen's first paint, written into index.html at build time (issue 15: on a slow phone the
 * app's JavaScript takes seconds to arrive and run, and the screen stayed blank until then).
 *
 * Every visit starts at the login screen (the session lives in this tab's storage), so index.html
 * carries a static copy of it — header, blurred menu column, and the sign-in card with its texts and
 * the outlines of its fields — that the browser paints as soon as the HTML and CSS are in. It lies
 * over #root until the React login screen has mounted under it (`dismissFirstPaint`, shared/ui), so
 * the screen goes from the copy to the real one without a blank or a loader in between. It is drawn
 * only where the login screen will be the first screen (`public/theme-init.js` decides before the
 * body is parsed), holds no inputs (a user cannot type into it and lose the text), and is hidden from
 * assistive technology.
 *
 * Texts come from the translation files (`locales/<language>/login.json`), every translated language
 * and every platform's legal name side by side; CSS shows the one `theme-init.js` picked. Sizes and
 * colours mirror the Mantine screen (AuthCard, login-page.tsx) in both themes; journey 01 checks that
 * the card and its texts land where the React screen draws them.
 */
export function firstPaintShell(): Plugin {
  return {
    name: 'portal:first-paint-shell',
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        const localesDir = join(import.meta.dirname, '..', 'src', 'locales');
        const languages = readdirSync(localesDir).filter((code) => {
          try {
            readFileSync(join(localesDir, code, 'login.json'));
            return true;
          } catch {
            return false;
          }
        });
        const texts = languages.map((code) => ({
          code,
          login: JSON.parse(readFileSync(join(localesDir, code, 'login.json'), 'utf8')) as LoginTexts,
        }));
        return html
          .replace('</head>', `<style>${shellCss(languages)}</style>\n  </head>`)
          .replace('<div id="root"></div>', `<div id="root"></div>\n    ${shellMarkup(texts)}`);
      },
    },
  };
}

interface LoginTexts {
  title: string;
  subtitle: string;
  fields: { login: string; password: string };
  forgotPassword: { link: string };
  submit: string;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** One span per language; `render` gives its inner HTML (already escaped). */
const perLanguage = (texts: { code: string; login: LoginTexts }[], render: (t: LoginTexts) => string) =>
  texts.map(({ code, login }) => `<span data-fp-lang="${code}">${render(login)}</span>`).join('');

/** One span per platform with its legal name (the host decides, as in shared/api/platform.ts). */
const legalNames = () =>
  PLATFORM_LABELS.map(
    (label) => `<span data-fp-platform="${label}">${escapeHtml(PROVIDER_ENTITIES[label].legalName)}</span>`,
  ).join('');

function shellMarkup(texts: { code: string; login: LoginTexts }[]): string {
  const text = (pick: (t: LoginTexts) => string) => perLanguage(texts, (t) => escapeHtml(pick(t)));
  const subtitle = perLanguage(texts, (t) => {
    const [before = '', after = ''] = t.subtitle.split('{entity}');
    return `${escapeHtml(before)}${legalNames()}${escapeHtml(after)}`;
  });
  const bank =
    '<svg xmlns="http://www.w3.org/2000/svg" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round"><path d="M3 21l18 0"/><path d="M3 10l18 0"/><path d="M5 6l7 -3l7 3"/><path d="M4 10l0 11"/><path d="M20 10l0 11"/><path d="M8 14l0 3"/><path d="M12 14l0 3"/><path d="M16 14l0 3"/></svg>';
  return [
    '<div id="first-paint" class="fp" aria-hidden="true">',
    `<div class="fp-header"><span class="fp-mark">${bank}</span><p class="fp-brand">${legalNames()}</p></div>`,
    '<div class="fp-nav"></div>',
    '<div class="fp-main"><div class="fp-container"><div class="fp-center"><div class="fp-card">',
    `<h2 class="fp-title">${text((t) => t.title)}</h2>`,
    `<p class="fp-subtitle">${subtitle}</p>`,
    `<div class="fp-field"><div class="fp-label">${text((t) => t.fields.login)}</div><div class="fp-input"></div></div>`,
    `<div class="fp-field"><div class="fp-label">${text((t) => t.fields.password)}</div><div class="fp-input"></div></div>`,
    `<div class="fp-link">${text((t) => t.forgotPassword.link)}</div>`,
    `<div class="fp-button">${text((t) => t.submit)}</div>`,
    '</div></div></div></div>',
    '</div>',
  ].join('');
}

/**
 * Hidden unless `<html data-first-paint="login">`; the picked language (`data-fp-lang`, English when
 * untranslated) and platform (`data-fp-platform`, UK by default) show, the other spans do not.
 */
function shellCss(languages: string[]): string {
  const others = languages.filter((code) => code !== 'en-gb');
  const langRules = [
    '.fp [data-fp-lang],.fp [data-fp-platform]{display:none}',
    `html:not(${others.map((c) => `[data-fp-lang="${c}"]`).join(',') || '[data-fp-lang="-"]'}) .fp [data-fp-lang="en-gb"]{display:inline}`,
    ...others.map((c) => `html[data-fp-lang="${c}"] .fp [data-fp-lang="${c}"]{display:inline}`),
    `html:not(${PLATFORM_LABELS.filter((l) => l !== 'UK')
      .map((l) => `[data-fp-platform="${l}"]`)
      .join(',')}) .fp [data-fp-platform="UK"]{display:inline}`,
    ...PLATFORM_LABELS.filter((l) => l !== 'UK').map(
      (l) => `html[data-fp-platform="${l}"] .fp [data-fp-platform="${l}"]{display:inline}`,
    ),
  ];
  return [
    '.fp{display:none}',
    'html[data-first-paint="login"] .fp{display:block;position:fixed;inset:0;z-index:1000;overflow:hidden;background:var(--fp-main);color:var(--fp-text);font-family:Inter,"Segoe UI",system-ui,-apple-system,Roboto,"Helvetica Neue",Arial,"Noto Sans",sans-serif;font-size:16px;line-height:1.55}',
    ...langRules,
    // Dark (the default) and light colours of the Mantine screen.
    'html{--fp-body:#242424;--fp-text:#c9c9c9;--fp-main:#141414;--fp-nav:#1f1f1f;--fp-border:#424242;--fp-dimmed:#9b9b9b;--fp-input:#2e2e2e;--fp-input-border:#424242;--fp-link:#6da4f7;--fp-primary:#166ef2}',
    'html[data-mantine-color-scheme="light"]{--fp-body:#fff;--fp-text:#000;--fp-main:#f8f9fa;--fp-nav:#f8f9fa;--fp-border:#dee2e6;--fp-dimmed:#868e96;--fp-input:#fff;--fp-input-border:#ced4da;--fp-link:#055dd8;--fp-primary:#055dd8}',
    '.fp *{box-sizing:border-box}',
    '.fp-header{position:fixed;top:0;left:0;right:0;height:56px;display:flex;align-items:center;gap:10px;padding:0 16px;background:var(--fp-body);border-bottom:1px solid var(--fp-border);z-index:2}',
    '.fp-mark{flex:none;display:grid;place-items:center;width:30px;height:30px;border-radius:8px;color:#fff;background:linear-gradient(135deg,#228be6,#15aabf)}',
    '.fp-brand{margin:0;font-size:12px;font-weight:700;line-height:1.15}',
    '.fp-nav{display:none}',
    '.fp-main{min-height:100dvh;padding:72px 16px 16px;background:var(--fp-main)}',
    '.fp-container{max-width:1320px;margin:0 auto}',
    '.fp-center{display:flex;align-items:center;justify-content:center;min-height:calc(100dvh - 160px);padding:32px 0}',
    '.fp-card{width:100%;max-width:440px;padding:20px;background:var(--fp-body);border:1px solid var(--fp-border);border-radius:16px;box-shadow:0 1px 3px rgba(0,0,0,.05),0 20px 25px -5px rgba(0,0,0,.05),0 10px 10px -5px rgba(0,0,0,.04)}',
    '.fp-title{margin:0;font-size:22px;font-weight:650;line-height:29.7px}',
    '.fp-subtitle{margin:4px 0 0;font-size:14px;line-height:20.3px;color:var(--fp-dimmed)}',
    '.fp-field{margin-top:16px;height:60.8px;padding-top:2px}',
    '.fp-label{height:21.7px;font-size:14px;font-weight:500;line-height:21.7px}',
    '.fp-input{height:36px;margin-top:1.1px;border:1px solid var(--fp-input-border);border-radius:8px;background:var(--fp-input)}',
    '.fp-link{margin-top:16px;text-align:end;font-size:14px;line-height:20.3px;color:var(--fp-link)}',
    '.fp-button{margin-top:16px;height:36px;border-radius:8px;background:var(--fp-primary);color:#fff;font-size:14px;font-weight:600;line-height:36px;text-align:center}',
    '@media (min-width:48em){.fp-brand{font-size:14px}.fp-nav{display:block;position:fixed;top:56px;bottom:0;left:0;width:250px;background:var(--fp-nav);border-right:1px solid var(--fp-border)}.fp-main{padding-left:266px}.fp-container{padding:0 16px}.fp-card{padding:32px}}',
  ].join('\n');
}
