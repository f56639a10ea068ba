import { IBAN_CHECK_RULE_CODES, ONCHAIN_NETWORKS, VAAC_CODE_LIST, VA_ACTIONS } from '@portal/domain';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import {
  checkRuleLabel,
  networkLabel,
  serviceKindLabel,
  vaActionLabel,
  vaReasonLabel,
} from './code-labels.ts';
import { i18n, i18nReady, setLanguage } from './index.ts';

/** Codes that are themselves the name people use (a rail's acronym). */
const PROPER_NAMES = new Set(['SEPA']);

const kinds: [string, readonly string[], (t: TFunction, code: string) => string][] = [
  ['service kind', ['AccountService', 'MerchantService'], serviceKindLabel],
  ['check rule', IBAN_CHECK_RULE_CODES, checkRuleLabel],
  ['VA reason', VAAC_CODE_LIST, vaReasonLabel],
  ['VA action', VA_ACTIONS, vaActionLabel],
  ['network', ONCHAIN_NETWORKS, networkLabel],
];

describe('code labels (issue 36): every code a screen shows has a human label', () => {
  it.each(['en-gb', 'ru'])('in %s', async (language) => {
    await i18nReady;
    await setLanguage(language);
    const t = i18n.t.bind(i18n) as TFunction;
    for (const [kind, codes, label] of kinds)
      for (const code of codes) {
        const text = label(t, code);
        expect(text, `${kind} ${code}`).not.toMatch(/[:.]|^$/);
        if (!PROPER_NAMES.has(code)) expect(text, `${kind} ${code}`).not.toBe(code);
        expect(text, `${kind} ${code}`).not.toMatch(/_|^[a-z]/);
      }
  });
});
