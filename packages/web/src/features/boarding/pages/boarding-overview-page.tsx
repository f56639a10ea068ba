import { Alert, Badge, Button, Card, Grid, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { canViewContacts } from '@portal/domain';
import { IconInfoCircle, IconLock, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type BoardingRouteName, boardingHref } from '../../../shared/routes/route-names.ts';
import { notifySuccess } from '../../../shared/api/index.ts';
import { useSession } from '../../../shared/session/index.ts';
import { Page } from '../../../shared/ui/index.ts';
import { useBoardingLink, useConsolidated, useSendVerificationLinks } from '../api.ts';
import { ChecklistCard } from '../components/checklist-card.tsx';
import { ContactsPanel } from '../components/contacts-panel.tsx';
import { PersonsVerificationList } from '../components/persons-verification-list.tsx';
import { ProcessDescription } from '../components/process-description.tsx';
import { RoleSwitchDialog } from '../components/role-switch-dialog.tsx';

const SECTIONS: ReadonlyArray<{ name: BoardingRouteName; scope: string }> = [
  { name: 'appforms', scope: 'appforms/read' },
  { name: 'appfiles', scope: 'appfiles/read' },
  { name: 'offers', scope: 'offers/read' },
  { name: 'contracts', scope: 'contracts/read' },
];

/** `main` (/:uuid/:role): Boarding Process (Overview). */
export function BoardingOverviewPage() {
  const { t } = useTranslation();
  const { uuid, role } = useBoardingLink();
  const session = useSession();
  const query = useConsolidated(uuid, role);
  const sendLinks = useSendVerificationLinks();
  const roleKey = `boarding_role_prompt_${uuid}`;
  const [isRolePromptDone, setRolePromptDone] = useState(() => sessionStorage.getItem(roleKey) === '1');
  const data = query.data;
  const closeRolePrompt = () => {
    sessionStorage.setItem(roleKey, '1');
    setRolePromptDone(true);
  };

  return (
    <Page
      title={t('wizard:overview.title')}
      description={
        data
          ? t('wizard:overview.for', { name: data.account_name, role: t(`wizard:roles.long.${data.role}`) })
          : undefined
      }
      actions={
        data && data.available_roles.length > 1 ? (
          <Button variant="default" size="xs" onClick={() => setRolePromptDone(false)}>
            {t('wizard:roleSwitch.open')}
          </Button>
        ) : undefined
      }
    >
      <ProcessDescription uuid={uuid} />
      {query.isLoading ? (
        <Stack>
          <Skeleton h={120} radius="md" />
          <Skeleton h={320} radius="md" />
        </Stack>
      ) : data ? (
        <Grid gutter="lg">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="lg">
              <ChecklistCard checklist={data.checklist} ready={data.ready_for_go_live} />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {SECTIONS.map((section) => {
                  const allowed = session.hasScope(section.scope);
                  return (
                    <Card key={section.name} withBorder radius="md" padding="md">
                      <Stack gap={6}>
                        <Group justify="space-between">
                          <Text fw={600}>{t(`wizard:tabs.${section.name}`)}</Text>
                          {allowed ? null : <IconLock size={16} />}
                        </Group>
                        {allowed ? (
                          <Button
                            component={Link}
                            to={boardingHref(section.name, { uuid, role })}
                            variant="light"
                            size="xs"
                          >
                            {t('wizard:overview.open')}
                          </Button>
                        ) : (
                          <Text size="sm" c="dimmed">
                            {t('wizard:overview.noAccess')}
                          </Text>
                        )}
                      </Stack>
                    </Card>
                  );
                })}
              </SimpleGrid>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="lg">
              {data.internal_check !== 'approved' ? (
                <Alert variant="light" icon={<IconInfoCircle size={18} />} data-testid="id-facial-note">
                  {t('wizard:overview.idFacialNote')}
                </Alert>
              ) : session.hasScope('appforms/write') &&
                !data.checklist.some((entry) => entry.item === 'personsVerified' && entry.done) ? (
                <Alert variant="light" color="teal" icon={<IconSend size={18} />}>
                  <Stack gap="xs">
                    <Text size="sm">{t('wizard:overview.linksHint')}</Text>
                    <Group>
                      <Button
                        size="xs"
                        loading={sendLinks.isPending}
                        onClick={() =>
                          sendLinks.mutate(
                            { params: { uuid, role } },
                            {
                              onSuccess: (answer) =>
                                notifySuccess(t('wizard:overview.linksSent', { count: answer.sent })),
                            },
                          )
                        }
                      >
                        {t('wizard:overview.sendLinks')}
                      </Button>
                    </Group>
                  </Stack>
                </Alert>
              ) : null}
              <PersonsVerificationList data={data} />
              <Group gap="xs">
                <Text size="sm" c="dimmed">
                  {t('wizard:overview.formStatus')}
                </Text>
                <Badge variant="light">{t(`wizard:formStatus.${data.app_form_status}`)}</Badge>
                <Text size="sm" c="dimmed">
                  {data.contracts.total > 0
                    ? t('wizard:overview.contractsSigned', {
                        signed: data.contracts.signed,
                        total: data.contracts.total,
                      })
                    : t('wizard:contracts.emptyTitle')}
                </Text>
              </Group>
            </Stack>
          </Grid.Col>
          {canViewContacts(data.role, data.contracts.signed) ? (
            <Grid.Col span={12}>
              <ContactsPanel uuid={uuid} role={role} canEdit />
            </Grid.Col>
          ) : null}
        </Grid>
      ) : null}
      {data && data.available_roles.length > 1 ? (
        <RoleSwitchDialog
          opened={!isRolePromptDone}
          uuid={uuid}
          current={data.role}
          available={data.available_roles}
          onClose={closeRolePrompt}
        />
      ) : null}
    </Page>
  );
}
