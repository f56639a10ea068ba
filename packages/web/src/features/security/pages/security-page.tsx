import {
  Alert,
  Badge,
  Button,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconHistory, IconKey, IconMail, IconShieldCheck, IconShieldX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { href } from '../../../shared/routes/route-names.ts';
import { notifySuccess } from '../../../shared/api/index.ts';
import { Page } from '../../../shared/ui/index.ts';
import { SectionCard } from '../../../shared/ui/section-card.tsx';
import { useMyProfile } from '../../users/api.ts';
import { useResendEmailConfirmation } from '../api.ts';
import { ChangeEmailForm } from '../forms/change-email-form.tsx';
import { ChangePasswordForm } from '../forms/change-password-form.tsx';

/** A state shown beside a section's title (confirmed, on or off), with its test hook. */
interface SectionStatus {
  label: string;
  color: string;
  testId: string;
}

function Section({
  icon,
  title,
  status,
  children,
}: {
  icon: ReactNode;
  title: string;
  status?: SectionStatus;
  children: ReactNode;
}) {
  return (
    <SectionCard
      header={
        <Group justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon variant="light" size="lg" radius="md">
              {icon}
            </ThemeIcon>
            <Title order={3} fz="h4">
              {title}
            </Title>
          </Group>
          {status ? (
            <Badge
              color={status.color}
              variant="light"
              maw="none"
              style={{ flexShrink: 0 }}
              data-testid={status.testId}
            >
              {status.label}
            </Badge>
          ) : null}
        </Group>
      }
    >
      {children}
    </SectionCard>
  );
}

/** Route `security` (/security): email, password and the MFA secret (spec §1, §7). */
export function SecurityPage() {
  const { t } = useTranslation();
  const profile = useMyProfile();
  const resend = useResendEmailConfirmation();
  const user = profile.data?.user;

  return (
    <Page
      title={t('security:page.title')}
      description={t('security:page.description')}
      actions={
        <Button
          component={Link}
          to={href('securityHistory')}
          variant="light"
          leftSection={<IconHistory size={16} />}
        >
          {t('menu:items.securityHistory')}
        </Button>
      }
    >
      {!user ? (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Skeleton h={280} radius="md" />
          <Skeleton h={280} radius="md" />
        </SimpleGrid>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Stack gap="lg">
            <Section
              icon={<IconMail size={18} />}
              title={t('security:email.title')}
              status={{
                label: t(user.email_confirmed ? 'security:email.confirmed' : 'security:email.notConfirmed'),
                color: user.email_confirmed ? 'teal' : 'orange',
                testId: 'email-status',
              }}
            >
              <Text size="sm">
                {t('security:email.current')}{' '}
                <Text span fw={600}>
                  {user.email}
                </Text>
              </Text>
              {!user.email_confirmed ? (
                <Alert color="orange" variant="light">
                  <Stack gap="xs" align="flex-start">
                    <Text size="sm">{t('security:email.pending')}</Text>
                    <Button
                      size="xs"
                      variant="light"
                      color="orange"
                      loading={resend.isPending}
                      onClick={() =>
                        resend.mutate({}, { onSuccess: () => notifySuccess(t('security:email.resent')) })
                      }
                    >
                      {t('security:email.resend')}
                    </Button>
                  </Stack>
                </Alert>
              ) : null}
              <ChangeEmailForm currentEmail={user.email} />
            </Section>
            <Section
              icon={user.has_secret ? <IconShieldCheck size={18} /> : <IconShieldX size={18} />}
              title={t('security:mfa.title')}
              status={{
                label: t(user.has_secret ? 'security:mfa.on' : 'security:mfa.off'),
                color: user.has_secret ? 'teal' : 'red',
                testId: 'mfa-status',
              }}
            >
              <Text size="sm" c="dimmed">
                {t(user.has_secret ? 'security:mfa.onDescription' : 'security:mfa.offDescription')}
              </Text>
            </Section>
          </Stack>
          <Section icon={<IconKey size={18} />} title={t('security:password.title')}>
            <ChangePasswordForm />
          </Section>
        </SimpleGrid>
      )}
    </Page>
  );
}
