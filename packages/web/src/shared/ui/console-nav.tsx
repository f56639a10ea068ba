import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { href } from '../routes/route-names.ts';

type Section = 'operator' | 'operatorCases' | 'operatorNotices';

/** Switches between the console's areas: boarding records, support cases, system notices. */
export function ConsoleNav({ value }: { value: Section }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <SegmentedControl
      value={value}
      onChange={(v) => navigate(href(v as Section))}
      data={[
        { value: 'operator', label: t('messages:console.boarding') },
        { value: 'operatorCases', label: t('messages:console.cases') },
        { value: 'operatorNotices', label: t('messages:console.publishedNotices') },
      ]}
    />
  );
}
