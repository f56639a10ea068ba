import { Button, Group, Paper, Text } from '@mantine/core';
import type { apiRoutes, RouteResponse } from '@portal/domain';
import { IconSignature } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../shared/api/index.ts';
import { SignDialog } from '../../boarding/index.ts';
import { useSignQuestionnaire } from '../api.ts';

type VerificationMe = RouteResponse<typeof apiRoutes.verificationMe>;

/** The person's questionnaire, to sign once verified when the record asks for it. */
export function QuestionnaireSigning({ token, me }: { token: string | null; me: VerificationMe }) {
  const { t } = useTranslation();
  const signQ = useSignQuestionnaire(token);
  const [isSigning, setSigning] = useState(false);
  return (
    <>
      {me.questionnaire_required && me.verification_status === 'ACCEPTED' ? (
        <Paper withBorder radius="md" p="lg">
          <Group justify="space-between">
            <Text size="sm">
              {me.questionnaire_signed
                ? t('wizard:verification.questionnaireSigned')
                : t('wizard:verification.questionnaireText')}
            </Text>
            {me.questionnaire_signed ? null : (
              <Button
                leftSection={<IconSignature size={16} />}
                onClick={() => setSigning(true)}
                data-testid="questionnaire-sign"
              >
                {t('wizard:verification.questionnaireSign')}
              </Button>
            )}
          </Group>
        </Paper>
      ) : null}
      <SignDialog
        opened={isSigning}
        title={t('wizard:verification.questionnaireSign')}
        description={t('wizard:verification.questionnaireText')}
        isPending={signQ.isPending}
        onClose={() => setSigning(false)}
        onSign={(signature) =>
          signQ.mutate(
            { body: { signature } },
            {
              onSuccess: () => {
                setSigning(false);
                notifySuccess(t('wizard:verification.questionnaireSigned'));
              },
            },
          )
        }
      />
    </>
  );
}
