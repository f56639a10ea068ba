import { APP_FILE_TYPE_NAMES, APP_FILE_TYPES } from '@portal/domain';
import { useTranslation } from 'react-i18next';

/** The app file types as select options; required types are marked with an asterisk. */
export function useFileTypeOptions(): { value: string; label: string }[] {
  const { t } = useTranslation();
  return APP_FILE_TYPE_NAMES.map((value) => ({
    value,
    label: `${t(`files:types.${value}`)}${APP_FILE_TYPES[value].required ? ' *' : ''}`,
  }));
}
