import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Paper, Stack, Title } from '@mantine/core';
import { corporateVaRequestSchema, individualVaRequestSchema, type VaClientType } from '@portal/domain';
import { useState } from 'react';
import { type FieldPath, type FieldValues, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { href } from '../../../shared/routes/route-names.ts';
import { ApiError, notifySuccess } from '../../../shared/api/index.ts';
import { sha512Hex } from '../../../shared/security/password-digest.ts';
import { useCreateVaRequest, useVaChallenge, type VaConfirmation } from '../api.ts';
import { VaConfirmModal } from '../components/va-confirm-modal.tsx';
import { type AttachedDocument, VaDocumentsPicker } from '../components/va-documents.tsx';
import { VaAddressSection, VaCustomerSection, VaOwnersSection } from './va-customer-sections.tsx';
import { useVaFormKit, type VaRequestFormValues, vaRequestDefaults } from './va-request-form-state.tsx';
import { VaRequestOptionsSection } from './va-request-options-section.tsx';

/** The individual and corporate VA request forms (spec §2, §3 fields, §5 rules), confirmed with SCA. */
export function VaRequestForm({ type, walletUuid }: { type: VaClientType; walletUuid: string }) {
  const { t } = useTranslation('virtualAccounts');
  const navigate = useNavigate();
  const schema = type === 'individual' ? individualVaRequestSchema : corporateVaRequestSchema;
  const form = useForm<VaRequestFormValues, unknown, FieldValues>({
    resolver: zodResolver(schema as never) as never,
    defaultValues: vaRequestDefaults(type, walletUuid),
    mode: 'onTouched',
  });
  const params = useFieldArray({ control: form.control, name: 'custom_parameters' });
  const owners = useFieldArray({ control: form.control, name: 'ultimate_beneficial_owners' });
  const challenge = useVaChallenge();
  const create = useCreateVaRequest();
  const [confirmation, setConfirmation] = useState<VaConfirmation | null>(null);
  const [details, setDetails] = useState<FieldValues | null>(null);
  const [documents, setDocuments] = useState<AttachedDocument[]>([]);
  const kit = useVaFormKit(form);

  const applyServerFields = (error: unknown) => {
    if (!(error instanceof ApiError)) return;
    for (const [path, code] of Object.entries(error.fields))
      form.setError(path.replace(/^iban_details\./, '') as FieldPath<VaRequestFormValues>, { message: code });
  };

  const onSubmit = form.handleSubmit((fields) => {
    // The first attached file is the main document (spec document), the rest additionalDocuments.
    const [main, ...more] = documents.map((d) => ({ type: d.type, file_id: d.id }));
    const valid = { ...fields, document: main, additional_documents: more };
    setDetails(valid);
    challenge.mutate(
      { body: { kind: `va_request_${type}`, iban_details: valid } as never },
      { onSuccess: (answer) => setConfirmation(answer.confirmation), onError: applyServerFields },
    );
  });

  const confirm = async (password: string, code: string) => {
    if (!confirmation || !details) return;
    create.mutate(
      {
        params: { x: type },
        body: {
          iban_details: details,
          challenge_id: confirmation.challenge_id,
          password: await sha512Hex(password),
          secret_code: code,
        },
      },
      {
        onSuccess: (answer) => {
          setConfirmation(null);
          notifySuccess(t('new.sent'));
          navigate(href('mi_va_request', { uuid: walletUuid, requestUuid: answer.iban_request.uuid }));
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'VALIDATION') {
            setConfirmation(null);
            applyServerFields(error);
          }
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} data-testid={`va-form-${type}`}>
      <Stack gap="lg">
        <VaCustomerSection type={type} kit={kit} />
        <VaAddressSection kit={kit} />
        {type === 'corporate' ? <VaOwnersSection kit={kit} owners={owners} /> : null}

        <Paper withBorder radius="md" p="md">
          <Title order={3} size="h5" mb="sm">
            {t('documents.title')}
          </Title>
          <VaDocumentsPicker
            value={documents}
            onChange={setDocuments}
            defaultType={type === 'corporate' ? 'incorporation_certificate' : 'identity_document'}
          />
        </Paper>

        <VaRequestOptionsSection kit={kit} params={params} />

        {challenge.error &&
        !(challenge.error instanceof ApiError && challenge.error.code === 'VALIDATION') ? (
          <Alert color="red" data-testid="va-form-error">
            {t(`errors:${challenge.error instanceof ApiError ? challenge.error.code : 'INTERNAL'}`, {
              defaultValue: challenge.error.message,
            })}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={challenge.isPending} data-testid="va-form-submit">
            {t('form.submit')}
          </Button>
        </Group>
      </Stack>
      <VaConfirmModal
        confirmation={confirmation}
        isPending={create.isPending}
        error={create.error}
        onConfirm={(pw, code) => void confirm(pw, code)}
        onClose={() => setConfirmation(null)}
      />
    </form>
  );
}
