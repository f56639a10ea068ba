import { Alert, Modal, Radio, Stack, Text } from '@mantine/core';
import type { PersonView } from '@portal/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, notifySuccess } from '../../../shared/api/index.ts';
import { DialogActions } from '../../../shared/ui/dialog-actions.tsx';
import { useSubmitForms } from '../api.ts';

interface SubmitFormsDialogProps {
  opened: boolean;
  onClose: () => void;
  persons: PersonView[];
}

/** Submitting the application forms, with the choice of the principal signer among the signers. */
export function SubmitFormsDialog({ opened, onClose, persons }: SubmitFormsDialogProps) {
  const { t } = useTranslation();
  const submit = useSubmitForms();
  return (
    <Modal opened={opened} onClose={onClose} title={t('wizard:appforms.submitTitle')} centered>
      <SubmitFormsChoice persons={persons} submit={submit} onClose={onClose} />
    </Modal>
  );
}

interface SubmitFormsChoiceProps {
  persons: PersonView[];
  submit: ReturnType<typeof useSubmitForms>;
  onClose: () => void;
}

/** The dialog's content; mounted on every opening, so the choice starts from the current principal. */
function SubmitFormsChoice({ persons, submit, onClose }: SubmitFormsChoiceProps) {
  const { t } = useTranslation();
  const signers = persons.filter((p) => p.is_as);
  const [principalId, setPrincipalId] = useState<string>(
    () => persons.find((p) => p.is_principal_signer)?.id ?? signers[0]?.id ?? '',
  );
  return (
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
      {submit.error ? (
        // The refusal in the spec's words (noPrincipal, noBasis, …), where the choice is made.
        <Alert color="red" data-testid="forms-submit-error">
          {errorMessage(submit.error, t)}
        </Alert>
      ) : null}
      <DialogActions
        cancelLabel={t('common:actions.cancel')}
        onCancel={onClose}
        submitLabel={t('wizard:appforms.submit')}
        isSubmitDisabled={!principalId}
        isSubmitting={submit.isPending}
        submitTestId="forms-submit-confirm"
        onConfirm={() =>
          submit.mutate(
            { body: { principal_signer_id: principalId } },
            {
              onSuccess: () => {
                onClose();
                notifySuccess(t('wizard:appforms.submitted'));
              },
            },
          )
        }
      />
    </Stack>
  );
}
