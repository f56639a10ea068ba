import { Alert, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { apiRoutes } from '@portal/domain';
import { IconAlertTriangle, IconDeviceFloppy, IconLock, IconSend, IconSignature } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../shared/api/index.ts';
import { useFormat } from '../../../shared/format/index.ts';
import { useSession } from '../../../shared/session/index.ts';
import { Page } from '../../../shared/ui/index.ts';
import { type FormsView, useBoardingLink, useForms, useSaveForms, useSignForms } from '../api.ts';
import { AppFormsTabs } from '../components/app-forms-tabs.tsx';
import { FormStatusBadges } from '../components/form-status-badges.tsx';
import { MissingFields } from '../components/missing-fields.tsx';
import { SignDialog } from '../components/sign-dialog.tsx';
import { SubmitFormsDialog } from '../components/submit-forms-dialog.tsx';
import type { CompanyValues } from '../forms/company-fields.tsx';
import { bodySchema, cleanEmpty, domainResolver } from '../../../shared/forms/form-utils.ts';
import { useFormsEditLock } from '../hooks/use-forms-edit-lock.ts';
import { isRequiredField, missingFields, RequiredFieldsContext } from '../forms/required-fields.ts';

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
  const { dateTime } = useFormat();
  const { role } = useBoardingLink();
  const session = useSession();
  const lockedByOther = view.locked_by && view.locked_by.role !== role ? view.locked_by : null;
  const isEditable =
    session.hasScope('appforms/write') &&
    (view.app_form_status === 'none' || view.app_form_status === 'draft') &&
    !lockedByOther;
  const form = useForm<CompanyValues>({ resolver, defaultValues: { company: view.company } });
  const save = useSaveForms();
  const sign = useSignForms();
  const [isSubmitOpen, setSubmitOpen] = useState(false);
  const [isSignOpen, setSignOpen] = useState(false);
  const { isDirty } = form.formState;
  const editLock = useFormsEditLock(isDirty, isEditable);

  const onSave = form.handleSubmit((values) =>
    save.mutate(
      { body: { company: cleanEmpty(values.company) ?? {} } },
      {
        onSuccess: (data) => {
          form.reset({ company: data.company });
          editLock.release();
          notifySuccess(t('wizard:appforms.saved'));
        },
      },
    ),
  );
  const company = form.watch('company');
  const missing = missingFields(company);
  const isRequired = (name: string) => isRequiredField(company, name.replace(/^company\./, ''));
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
      <RequiredFieldsContext.Provider value={isEditable ? isRequired : () => false}>
        <AppFormsTabs
          form={form}
          view={view}
          isEditable={isEditable}
          canChoosePrincipal={
            session.hasScope('appforms/write') && view.app_form_status !== 'signed' && !lockedByOther
          }
        />
      </RequiredFieldsContext.Provider>
      <Paper withBorder radius="md" p="md" pos="sticky" bottom={0} style={{ zIndex: 2 }}>
        <Group justify="space-between">
          {isEditable && missing.length ? (
            <MissingFields missing={missing} />
          ) : (
            <Text size="sm" c="dimmed">
              {isEditable
                ? t('wizard:appforms.complete')
                : principal
                  ? t('wizard:appforms.principal', { name: `${principal.first_name} ${principal.last_name}` })
                  : t('wizard:appforms.readOnly')}
            </Text>
          )}
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
                  // Submitting needs every required field, saved (the server refuses otherwise).
                  disabled={isDirty || missing.length > 0}
                  onClick={() => setSubmitOpen(true)}
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
      <SubmitFormsDialog opened={isSubmitOpen} onClose={() => setSubmitOpen(false)} persons={view.persons} />
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
