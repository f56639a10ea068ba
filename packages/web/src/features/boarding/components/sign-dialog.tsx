import { Modal, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SignaturePad } from './signature-pad.tsx';
import { DialogActions } from '../../../shared/ui/dialog-actions.tsx';

export interface SignDialogProps {
  opened: boolean;
  title: string;
  description?: string;
  /** Extra fields above the pad (principal LR choice of the main contract). */
  children?: ReactNode;
  isPending: boolean;
  canSubmit?: boolean;
  onClose: () => void;
  onSign: (signature: string) => void;
}

/** Signing dialog: what is signed, a drawn signature, Sign. */
export function SignDialog({
  opened,
  title,
  description,
  children,
  isPending,
  canSubmit = true,
  onClose,
  onSign,
}: SignDialogProps) {
  const { t } = useTranslation();
  const [signature, setSignature] = useState<string | null>(null);
  const [showError, setShowError] = useState(false);
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="lg" centered>
      <Stack gap="md">
        {description ? (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        ) : null}
        {children}
        {opened ? (
          <SignaturePad
            onChange={(value) => {
              setSignature(value);
              if (value) setShowError(false);
            }}
            error={showError ? t('wizard:signature.required') : undefined}
          />
        ) : null}
        <DialogActions
          cancelLabel={t('common:actions.cancel')}
          onCancel={onClose}
          submitLabel={t('wizard:signature.sign')}
          isSubmitting={isPending}
          isSubmitDisabled={!canSubmit}
          submitTestId="sign-submit"
          onConfirm={() => (signature ? onSign(signature) : setShowError(true))}
        />
      </Stack>
    </Modal>
  );
}
