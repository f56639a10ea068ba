import { Alert, Badge, Button, Group, Modal, Paper, Radio, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import { apiRoutes, companyCompletenessErrors, questionnairesRequired } from '@portal/domain';
import { IconAlertTriangle, IconDeviceFloppy, IconLock, IconSend, IconSignature } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { notifySuccess } from '../../../shared/api/index.ts';
import { useFormatters } from '../../../shared/i18n/index.ts';
import { useSession } from '../../../shared/session/index.ts';
import { EmptyState, Page } from '../../../shared/ui/index.ts';
import {
  type FormsView,
  useBoardingLink,
  useForms,
  useLockForms,
  useSaveForms,
  useSignForms,
  useSubmitForms,
  useUnlockForms,
} from '../api.ts';
import { FormStatusBadges } from '../components/form-status-badges.tsx';
import { PdfsTab } from '../components/pdfs-tab.tsx';
import { PersonsSection } from '../components/persons-section.tsx';
import { SignDialog } from '../components/sign-dialog.tsx';
import {
  type CompanyValues,
  PaymentServicesSection,
  QuestionnaireSection,
} from '../forms/company-sections.tsx';
import { bodySchema, cleanEmpty, domainResolver } from '../forms/form-utils.ts';
import { CryptoSection, PfpSection } from '../forms/questionnaire-sections.tsx';
import { ConfirmActions } from '../../../shared/ui/confirm-actions.tsx';

const TABS = ['questionnaire', 'paymentServices', 'persons', 'crypto', 'pfp', 'pdfs'] as const;
type Tab = (typeof TABS)[number];

const formsSchema = bodySchema(apiRoutes.formsSave);
const resolver = domainResolver<typeof formsSchema, CompanyValues>(formsSchema, (values) => ({
  company: cleanEmpty(values.company) ?? {},
}));

/** `appforms`: application forms (spec §2) with every section, submit with the principal, and signing. */
export function AppFormsPage() {
  const { t } = useTranslation();
  const query = useForms();
  return (
    <Page title={t('wizard:appforms.title')} description={t('wizard:appforms.description')}>
      {query.isLoading ? (
        <Skeleton h={420} radius="md" />
      ) : query.data ? (
        <FormsEditor view={query.data} />
      ) : null}
    </Page>
  );
}

function FormsEditor({ view }: { view: FormsView }) {
  const { t } = useTranslation();
  const { dateTime } = useFormatters();
  const { role } = useBoardingLink();
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((x) => x === params.get('tab')) ?? 'questionnaire';
  const lockedByOther = view.locked_by && view.locked_by.role !== role ? view.locked_by : null;
  const isEditable =
    session.hasScope('appforms/write') &&
    (view.app_form_status === 'none' || view.app_form_status === 'draft') &&
    !lockedByOther;
  const form = useForm<CompanyValues>({ resolver, defaultValues: { company: view.company } });
  const save = useSaveForms();
  const submit = useSubmitForms();
  const sign = useSignForms();
  const lock = useLockForms();
  const unlock = useUnlockForms();
  const hasLock = useRef(false);
  const [isSubmitOpen, setSubmitOpen] = useState(false);
  const [isSignOpen, setSignOpen] = useState(false);
  const [principalId, setPrincipalId] = useState<string>('');
  const signers = view.persons.filter((p) => p.is_as);
  const { isDirty } = form.formState;

  // Editing blocks the forms for the other roles (formBlocked); released after saving or leaving.
  // The mutation objects change identity on every state change, so the effects read their latest
  // `mutate` through a ref and depend only on primitives: listing `unlock` made its cleanup fire on
  // every render after the first unlock (a DELETE /forms/lock storm), and under StrictMode a render loop.
  const lockRef = useRef(lock.mutate);
  const unlockRef = useRef(unlock.mutate);
  lockRef.current = lock.mutate;
  unlockRef.current = unlock.mutate;
  useEffect(() => {
    if (isDirty && isEditable && !hasLock.current) {
      hasLock.current = true;
      lockRef.current({});
    }
  }, [isDirty, isEditable]);
  useEffect(
    () => () => {
      if (hasLock.current) {
        hasLock.current = false;
        unlockRef.current({});
      }
    },
    [],
  );

  const onSave = form.handleSubmit((values) =>
    save.mutate(
      { body: { company: cleanEmpty(values.company) ?? {} } },
      {
        onSuccess: (data) => {
          form.reset({ company: data.company });
          if (hasLock.current) {
            hasLock.current = false;
            unlock.mutate({});
          }
          notifySuccess(t('wizard:appforms.saved'));
        },
      },
    ),
  );
  const company = form.watch('company');
  const missing = Object.keys(companyCompletenessErrors(company));
  // The crypto and PFP questionnaires follow the activity answers of the main questionnaire.
  const required = questionnairesRequired(company);
  const tabState = (x: Tab) =>
    x === 'crypto' || x === 'pfp'
      ? required[x] === undefined
        ? 'unanswered'
        : required[x]
          ? 'required'
          : 'notRequired'
      : null;
  const principal = view.persons.find((p) => p.is_principal_signer);
  const canSign =
    view.app_form_status === 'submitted' &&
    view.review_status === 'Approved' &&
    session.hasScope('appforms/write') &&
    role === 'as';

  return (
    <Stack gap="md">
      <Group gap="lg">
        <FormStatusBadges formStatus={view.app_form_status} reviewStatus={view.review_status} />
        <Text size="xs" c="dimmed">
          {t('wizard:appforms.updated', { when: dateTime(view.updated_at) })}
        </Text>
      </Group>
      {lockedByOther ? (
        <Alert color="orange" icon={<IconLock size={18} />}>
          {t('wizard:appforms.locked', {
            role: t(`wizard:roles.long.${lockedByOther.role}`),
            until: dateTime(lockedByOther.until),
          })}
        </Alert>
      ) : null}
      {view.review_status === 'Declined' ? (
        <Alert color="red" icon={<IconAlertTriangle size={18} />}>
          {t('wizard:appforms.declined')}
        </Alert>
      ) : null}
      <Tabs
        value={tab}
        onChange={(next) => setParams(next ? { tab: next } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List>
          {TABS.map((x) => (
            <Tabs.Tab
              key={x}
              value={x}
              data-tab={x}
              data-state={tabState(x) ?? undefined}
              rightSection={
                tabState(x) === 'required' ? (
                  <Badge size="xs" color="orange" variant="light">
                    {t('wizard:appforms.requiredBadge')}
                  </Badge>
                ) : tabState(x) === 'notRequired' ? (
                  <Badge size="xs" color="gray" variant="light">
                    {t('wizard:appforms.notRequiredBadge')}
                  </Badge>
                ) : null
              }
            >
              {t(`wizard:appforms.tabs.${x}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Paper p="md" mt="md" withBorder radius="md">
          <Tabs.Panel value="questionnaire">
            <QuestionnaireSection form={form} readOnly={!isEditable} />
          </Tabs.Panel>
          <Tabs.Panel value="paymentServices">
            <PaymentServicesSection form={form} readOnly={!isEditable} />
          </Tabs.Panel>
          <Tabs.Panel value="persons">
            <PersonsSection
              persons={view.persons}
              canEdit={isEditable}
              canChoosePrincipal={
                session.hasScope('appforms/write') && view.app_form_status !== 'signed' && !lockedByOther
              }
            />
          </Tabs.Panel>
          <Tabs.Panel value="crypto">
            {required.crypto ? (
              <CryptoSection form={form} readOnly={!isEditable} />
            ) : (
              <EmptyState
                title={t(
                  required.crypto === false
                    ? 'wizard:appforms.notRequiredTitle'
                    : 'wizard:appforms.unansweredTitle',
                )}
                description={t(
                  required.crypto === false
                    ? 'wizard:appforms.cryptoNote'
                    : 'wizard:appforms.cryptoUnanswered',
                )}
              />
            )}
          </Tabs.Panel>
          <Tabs.Panel value="pfp">
            {required.pfp ? (
              <PfpSection form={form} readOnly={!isEditable} />
            ) : (
              <EmptyState
                title={t(
                  required.pfp === false
                    ? 'wizard:appforms.notRequiredTitle'
                    : 'wizard:appforms.unansweredTitle',
                )}
                description={t(
                  required.pfp === false ? 'wizard:appforms.pfpNote' : 'wizard:appforms.pfpUnanswered',
                )}
              />
            )}
          </Tabs.Panel>
          <Tabs.Panel value="pdfs">
            <PdfsTab />
          </Tabs.Panel>
        </Paper>
      </Tabs>
      <Paper withBorder radius="md" p="md" pos="sticky" bottom={0} style={{ zIndex: 2 }}>
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {isEditable
              ? missing.length
                ? t('wizard:appforms.missing', { count: missing.length })
                : t('wizard:appforms.complete')
              : principal
                ? t('wizard:appforms.principal', { name: `${principal.first_name} ${principal.last_name}` })
                : t('wizard:appforms.readOnly')}
          </Text>
          <Group gap="xs">
            {isEditable ? (
              <>
                <Button
                  variant="default"
                  leftSection={<IconDeviceFloppy size={16} />}
                  onClick={onSave}
                  loading={save.isPending}
                  disabled={!isDirty}
                  data-testid="forms-save"
                >
                  {t('wizard:appforms.save')}
                </Button>
                <Button
                  leftSection={<IconSend size={16} />}
                  data-testid="forms-submit"
                  disabled={isDirty}
                  onClick={() => {
                    setPrincipalId(principal?.id ?? signers[0]?.id ?? '');
                    setSubmitOpen(true);
                  }}
                >
                  {t('wizard:appforms.submit')}
                </Button>
              </>
            ) : null}
            {canSign ? (
              <Button
                leftSection={<IconSignature size={16} />}
                onClick={() => setSignOpen(true)}
                data-testid="forms-sign"
              >
                {t('wizard:appforms.sign')}
              </Button>
            ) : null}
          </Group>
        </Group>
      </Paper>
      <Modal
        opened={isSubmitOpen}
        onClose={() => setSubmitOpen(false)}
        title={t('wizard:appforms.submitTitle')}
        centered
      >
        <Stack gap="md">
          <Text size="sm">{t('wizard:appforms.submitText')}</Text>
          {signers.length === 0 ? (
            <Alert color="orange">{t('wizard:persons.needOne.auth_signs')}</Alert>
          ) : (
            <Radio.Group
              label={t('wizard:appforms.principalLabel')}
              value={principalId}
              onChange={setPrincipalId}
            >
              <Stack gap={6} mt={6}>
                {signers.map((p) => (
                  <Radio key={p.id} value={p.id} label={`${p.first_name} ${p.last_name}`} />
                ))}
              </Stack>
            </Radio.Group>
          )}
          <ConfirmActions
            cancelLabel={t('common:actions.cancel')}
            onCancel={() => setSubmitOpen(false)}
            confirmLabel={t('wizard:appforms.submit')}
            disabled={!principalId}
            isPending={submit.isPending}
            confirmTestId="forms-submit-confirm"
            onConfirm={() =>
              submit.mutate(
                { body: { principal_signer_id: principalId } },
                {
                  onSuccess: () => {
                    setSubmitOpen(false);
                    notifySuccess(t('wizard:appforms.submitted'));
                  },
                },
              )
            }
          />
        </Stack>
      </Modal>
      <SignDialog
        opened={isSignOpen}
        title={t('wizard:appforms.signTitle')}
        description={t('wizard:appforms.signText')}
        isPending={sign.isPending}
        onClose={() => setSignOpen(false)}
        onSign={(signature) =>
          sign.mutate(
            { body: { signature } },
            {
              onSuccess: () => {
                setSignOpen(false);
                notifySuccess(t('wizard:appforms.signed'));
              },
            },
          )
        }
      />
    </Stack>
  );
}
