import {
  bankForIban,
  COP_RESULTS,
  FIELD_MESSAGES,
  findBank,
  ibanCountry,
  isWrongTestIban,
  methodLabel,
  methodSupportsCurrency,
  normalizeIban,
  type PaymentMethod,
  REACHABILITY_CHECKED,
  stripSeparators,
  validateBic,
  validateIbanForMethod,
  validateSortCode,
  validateUkAccountNumber,
} from '@portal/domain';
import type { CopService } from '../../adapters/cop/cop.ts';
import { DomainError, validationError } from '../../http/errors.ts';

const fill = (template: string, params: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole);

/** Splits "20-00-00 31926819", "20000031926819" or a GB IBAN into sort code and account number. */
export function parsePayeeRequisite(text: string): { sortCode: string; accountNumber: string } | null {
  const value = stripSeparators(text).toUpperCase();
  if (/^GB\d{2}[A-Z]{4}\d{14}$/.test(value))
    return { sortCode: value.slice(8, 14), accountNumber: value.slice(14) };
  if (/^\d{14}$/.test(value)) return { sortCode: value.slice(0, 6), accountNumber: value.slice(6) };
  return null;
}

/**
 * Requisite checks of the payment form (spec §7 checks/*): each answers warnings the user may
 * proceed past, except a malformed value (417) and an intermediary bank missing from the directory.
 */
export function createChecksService(cop: CopService) {
  return {
    checkRequisite(method: PaymentMethod, currency: string, ibanText: string) {
      const label = methodLabel(method);
      const warnings: { code: string; message: string }[] = [];
      const error = validateIbanForMethod(ibanText, method);
      const bank = error === null ? (bankForIban(ibanText) ?? null) : null;
      if (!methodSupportsCurrency(method, currency)) {
        const message = fill(FIELD_MESSAGES.CURRENCY_NOT_SUPPORTED, { method: label, currency });
        return { valid: false, error: { code: 'CURRENCY_NOT_SUPPORTED', message }, warnings, bank: null };
      }
      if (error !== null) {
        return {
          valid: false,
          error: { code: error, message: fill(FIELD_MESSAGES[error], { method: label }) },
          warnings,
          bank: null,
        };
      }
      if (isWrongTestIban(ibanText)) {
        warnings.push({
          code: 'WRONG_IBAN_LIST',
          message: 'This IBAN is on the list of wrong IBANs: payments to it are declined.',
        });
      }
      if (REACHABILITY_CHECKED.includes(method)) {
        if (!bank) {
          warnings.push({
            code: 'REACHABILITY_UNKNOWN',
            message: `We could not confirm that the payee's bank (${ibanCountry(ibanText)}) is reachable by ${label}; the payment may be delayed or returned.`,
          });
        } else if (method === 'SEPA_INSTANT' && !bank.sepaInstant) {
          warnings.push({
            code: 'SEPA_INSTANT_UNREACHABLE',
            message: `${bank.name} is not reachable by SEPA Instant; the payment may be returned. Consider SEPA.`,
          });
        } else if (!bank.sepa) {
          warnings.push({ code: 'SEPA_UNREACHABLE', message: `${bank.name} is not reachable by SEPA.` });
        }
      }
      return {
        valid: true,
        error: null,
        warnings,
        bank: bank ? { bic: bank.bic, name: bank.name, country: bank.country } : null,
      };
    },

    checkIntermediary(bicText: string) {
      const bic = stripSeparators(bicText).toUpperCase();
      const invalid = validateBic(bic);
      if (invalid) throw validationError({ bankSwiftCode: FIELD_MESSAGES[invalid] });
      const bank = findBank(bic);
      if (!bank) throw new DomainError('INTERMEDIARY_BIC_UNKNOWN', { bic });
      return { bic: bank.bic, name: bank.name, country: bank.country };
    },

    async checkCop(
      _method: PaymentMethod,
      payee: string,
      requisite: string,
      payeeType: 'individual' | 'corporate',
    ) {
      // Confirmation of Payee checks the payee's UK account, whatever rail carries the payment
      // (FPS, CHAPS, BACS, or SEPA/SWIFT to a GB IBAN): the account decides, not the method (issue 19).
      const parsed = parsePayeeRequisite(requisite);
      const fields: Record<string, string> = {};
      if (!parsed)
        fields.payeeRequisite = 'Enter the sort code and account number (12-34-56 12345678) or a GB IBAN.';
      else {
        const sc = validateSortCode(parsed.sortCode);
        const acc = validateUkAccountNumber(parsed.accountNumber);
        if (sc) fields.payeeRequisite = FIELD_MESSAGES[sc];
        else if (acc) fields.payeeRequisite = FIELD_MESSAGES[acc];
        else if (
          normalizeIban(requisite).startsWith('GB') &&
          validateIbanForMethod(requisite, 'FPS') !== null
        )
          fields.payeeRequisite = FIELD_MESSAGES.IBAN_BAD_CHECKSUM;
      }
      if (!parsed || Object.keys(fields).length) throw validationError(fields);
      const answer = await cop.check({ payee, ...parsed, payeeType });
      return {
        matched: answer.matched,
        result: answer.result,
        message: answer.result ? COP_RESULTS[answer.result] : null,
        account_name: answer.accountName,
      };
    },
  };
}

export type ChecksService = ReturnType<typeof createChecksService>;
