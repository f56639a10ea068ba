import { findLanguage, i18n } from '../i18n/index.ts';
import { formatAmount, formatDate, formatDateTime, formatNumber } from './format.ts';

/**
 * Builds the locale's number, money and date formatters while the page still waits for its first
 * answers. The first formatter of each kind loads the locale's ICU data, 25–35 ms each on this
 * machine's CPU, and otherwise landed inside the first render of the balances, the chart and the
 * recent payments, where a slow phone counts it as blocking time (issue 15). Built here, before the
 * first paint of a signed-in screen, it is cached (formatters are kept per locale and options).
 * The login screen paints from index.html before any script runs, so there it would block instead:
 * it is skipped.
 */
export function warmUpFormats(): void {
  if (document.documentElement.getAttribute('data-first-paint') === 'login') return;
  setTimeout(() => {
    const locale = findLanguage(i18n.language)?.intl ?? 'en-GB';
    formatAmount('1.00', 'EUR', locale);
    formatAmount('-1.00', 'EUR', locale);
    formatNumber(1, locale);
    formatDate(Date.now(), locale);
    formatDateTime(Date.now(), locale);
  }, 0);
}
