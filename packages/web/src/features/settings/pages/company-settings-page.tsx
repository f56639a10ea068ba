import { Skeleton, Stack, Tabs } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState, Page } from '../../../shared/ui/index.ts';
import { useMyProfile } from '../../users/api.ts';
import { CompanyDetailsCard } from '../components/company-details-card.tsx';
import { DeliveryLog } from '../components/delivery-log.tsx';
import { IpWhitelistCard } from '../components/ip-whitelist-card.tsx';
import { NotificationUrlsCard } from '../components/notification-urls-card.tsx';
import { PostbackUrlsCard } from '../components/postback-urls-card.tsx';
import { useCompanySettings } from '../company-api.ts';

const TABS = ['main', 'ip', 'postbacks', 'log', 'notifications'] as const;
type Tab = (typeof TABS)[number];
/** The tabs that edit one part of the company settings: each gets the company and its current settings. */
const SETTINGS_PANELS = [
  ['ip', IpWhitelistCard],
  ['postbacks', PostbackUrlsCard],
  ['log', DeliveryLog],
  ['notifications', NotificationUrlsCard],
] as const;

/** Company settings (spec §2 Settings; issue 9): details, IP white list, postbacks and their log, notifications. */
export function CompanySettingsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as Tab)
    : 'main';
  const user = useMyProfile().data?.user;
  const merchantId = user?.current_merchant?.id ?? '';
  const settings = useCompanySettings(merchantId);

  if (user && !merchantId)
    return (
      <Page title={t('settings:company.title')}>
        <EmptyState title={t('settings:company.noCompany')} />
      </Page>
    );
  return (
    <Page title={t('settings:company.title')} description={t('settings:company.description')}>
      <Tabs
        value={tab}
        onChange={(v) => setParams(v && v !== 'main' ? { tab: v } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List mb="lg">
          {TABS.map((key) => (
            <Tabs.Tab key={key} value={key} data-testid={`company-tab-${key}`}>
              {t(`settings:company.tabs.${key}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {!settings.data ? (
          <Stack>
            <Skeleton h={180} radius="md" />
            <Skeleton h={240} radius="md" />
          </Stack>
        ) : (
          <>
            <Tabs.Panel value="main">
              <CompanyDetailsCard merchantId={merchantId} />
            </Tabs.Panel>
            {SETTINGS_PANELS.map(([key, Panel]) => (
              <Tabs.Panel key={key} value={key}>
                <Panel merchantId={merchantId} settings={settings.data.settings} />
              </Tabs.Panel>
            ))}
          </>
        )}
      </Tabs>
    </Page>
  );
}
