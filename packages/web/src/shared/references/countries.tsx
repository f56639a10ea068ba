import {
  type ComboboxItem,
  MultiSelect,
  type MultiSelectProps,
  Select,
  type SelectProps,
} from '@mantine/core';
import { ISO_COUNTRY_CODES } from '@portal/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '../i18n/index.ts';

/**
 * Every ISO 3166-1 country as a picker option, named in the user's language. The codes are the
 * domain's list, the same data set the server serves as the `countries` reference (spec §7); the
 * names come from the browser's own CLDR data, so a boarding session (which may not call the
 * portal's reference endpoints) and the portal show the same list.
 */
export function useCountryOptions({ withCode = false }: { withCode?: boolean } = {}): ComboboxItem[] {
  const { i18n } = useTranslation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: names follow the chosen language
  return useMemo(() => {
    const locale = intlLocale();
    const names = new Intl.DisplayNames([locale], { type: 'region' });
    return ISO_COUNTRY_CODES.map((code) => {
      const name = names.of(code) ?? code;
      return { value: code, label: withCode ? `${name} (${code})` : name };
    }).sort((a, b) => a.label.localeCompare(b.label, locale));
  }, [i18n.language, withCode]);
}

/** One country, searchable by name or code; the value is the ISO alpha-2 code. */
export function CountrySelect(props: Omit<SelectProps, 'data'>) {
  const data = useCountryOptions({ withCode: true });
  return <Select searchable data={data} {...props} />;
}

/** Several countries, searchable by name or code; the value is a list of ISO alpha-2 codes. */
export function CountryMultiSelect(props: Omit<MultiSelectProps, 'data'>) {
  const data = useCountryOptions({ withCode: true });
  return <MultiSelect searchable data={data} {...props} />;
}
