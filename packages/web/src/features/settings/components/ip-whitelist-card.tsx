import { Alert, Code, Group, List, Text, Textarea } from '@mantine/core';
import {
  type CompanySettings,
  checkIpWhitelist,
  IP_WHITELIST_MAX_ENTRIES,
  isAddressWhitelisted,
} from '@portal/domain';
import { IconAlertTriangle, IconShieldCheck } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage, notifySuccess } from '../../../shared/api/index.ts';
import { useUpdateIpWhitelist } from '../company-api.ts';
import { ConfirmModal, SaveRow, SettingsCard } from './settings-card.tsx';

type Confirm = 'lockout' | 'allowAll';

const linesOf = (text: string) =>
  text
    .split(/[\n,;]+/)
    .map((l) => l.trim())
    .filter(Boolean);

/**
 * IP white list editor: one address or CIDR range per line, checked as typed with the domain rules;
 * warns before a list that shuts out the Master User's own address or lets everyone in.
 */
export function IpWhitelistCard({ merchantId, settings }: { merchantId: string; settings: CompanySettings }) {
  const { t } = useTranslation();
  const save = useUpdateIpWhitelist(merchantId);
  const [text, setText] = useState(settings.ipWhitelist.join('\n'));
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setText(settings.ipWhitelist.join('\n')), [settings.ipWhitelist]);

  const lines = useMemo(() => linesOf(text), [text]);
  const check = useMemo(() => checkIpWhitelist(lines), [lines]);
  const problems = Object.entries(check.problems);
  const locksOut = check.entries.length > 0 && !isAddressWhitelisted(settings.caller_ip, check.entries);
  const tooMany = lines.length > IP_WHITELIST_MAX_ENTRIES;

  const submit = (flags: { confirm_lockout?: boolean; confirm_allow_all?: boolean } = {}) => {
    setError(null);
    save.mutate(
      { params: { id: merchantId }, body: { ipWhitelist: lines, ...flags } },
      {
        onSuccess: (r) => {
          setConfirm(null);
          setText(r.ipWhitelist.join('\n'));
          notifySuccess(
            t('settings:company.ip.saved', { minutes: Math.ceil(r.ip_whitelist_apply_seconds / 60) }),
          );
        },
        onError: (e) => {
          if (e instanceof ApiError && e.code === 'IP_WHITELIST_LOCKOUT') setConfirm('lockout');
          else if (e instanceof ApiError && e.code === 'IP_WHITELIST_ALLOWS_ALL') setConfirm('allowAll');
          else setError(errorMessage(e, t));
        },
      },
    );
  };

  const onSave = () => {
    if (check.allowsEveryone) setConfirm('allowAll');
    else if (locksOut) setConfirm('lockout');
    else submit();
  };

  return (
    <SettingsCard
      title={t('settings:ipWhiteList')}
      description={t('settings:company.ip.description', {
        minutes: Math.ceil(settings.ip_whitelist_apply_seconds / 60),
      })}
    >
      <Group gap="xs">
        <IconShieldCheck size={16} />
        <Text size="sm">
          {t('settings:company.ip.yourAddress')} <Code data-testid="caller-ip">{settings.caller_ip}</Code>
        </Text>
      </Group>
      <Textarea
        label={t('settings:company.ip.label')}
        description={t('settings:company.ip.hint')}
        placeholder={t('settings:company.ip.placeholder')}
        autosize
        minRows={4}
        maxRows={12}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        data-testid="ip-whitelist-input"
        error={problems.length > 0 || tooMany ? ' ' : undefined}
      />
      {problems.length > 0 ? (
        <List size="sm" c="red" data-testid="ip-whitelist-problems">
          {problems.map(([i, kind]) => (
            <List.Item key={i}>
              {t(`settings:company.ip.problem.${kind}`, {
                line: Number(i) + 1,
                value: lines[Number(i)] ?? '',
              })}
            </List.Item>
          ))}
        </List>
      ) : null}
      {tooMany ? (
        <Text size="sm" c="red">
          {t('errors:IP_WHITELIST_TOO_LONG', { max: IP_WHITELIST_MAX_ENTRIES })}
        </Text>
      ) : null}
      {locksOut ? (
        <Alert color="yellow" icon={<IconAlertTriangle size={18} />} data-testid="ip-lockout-warning">
          {t('settings:company.ip.lockoutWarning', { ip: settings.caller_ip })}
        </Alert>
      ) : null}
      {check.entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('settings:company.ip.emptyMeansAny')}
        </Text>
      ) : null}
      <SaveRow
        error={error}
        errorTestId="ip-whitelist-error"
        onSave={onSave}
        isSaving={save.isPending}
        disabled={problems.length > 0 || tooMany}
        testId="ip-whitelist-save"
      />
      <ConfirmModal
        opened={confirm !== null}
        onClose={() => setConfirm(null)}
        title={t('settings:company.ip.confirmTitle')}
        text={
          confirm === 'allowAll'
            ? t('errors:IP_WHITELIST_ALLOWS_ALL', {
                range: check.entries.find((e) => e.endsWith('/0')) ?? '0.0.0.0/0',
              })
            : t('errors:IP_WHITELIST_LOCKOUT', { ip: settings.caller_ip })
        }
        confirmLabel={t('settings:company.ip.confirmSave')}
        color="red"
        isPending={save.isPending}
        onConfirm={() =>
          submit({
            confirm_allow_all: check.allowsEveryone,
            confirm_lockout: confirm === 'lockout' || locksOut,
          })
        }
        confirmTestId="ip-whitelist-confirm"
      />
    </SettingsCard>
  );
}
