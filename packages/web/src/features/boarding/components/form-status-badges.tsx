import { Badge, Group, Text } from '@mantine/core';
import type { AppFormReviewStatus, AppFormStatus } from '@portal/domain';
import { useTranslation } from 'react-i18next';

const FORM_STATUS_COLOR = {
  none: 'gray',
  draft: 'blue',
  submitted: 'teal',
  signed: 'green',
} as const satisfies Record<AppFormStatus, string>;
const REVIEW_STATUS_COLOR = {
  New: 'gray',
  OpenedByMerchant: 'gray',
  Draft: 'blue',
  Submitted: 'yellow',
  Pending: 'yellow',
  Approved: 'green',
  Declined: 'red',
} as const satisfies Record<AppFormReviewStatus, string>;

/**
 * The forms status and the internal check's review status share words ('Draft', 'Submitted'):
 * each badge gets its label and its own colour so the two can be told apart.
 */
export function FormStatusBadges({
  formStatus,
  reviewStatus,
}: {
  formStatus: AppFormStatus;
  reviewStatus: AppFormReviewStatus;
}) {
  const { t } = useTranslation();
  return (
    <Group gap="lg" data-testid="forms-status">
      <Group gap={6} wrap="nowrap">
        <Text size="sm" c="dimmed">
          {t('wizard:appforms.formStatusLabel')}
        </Text>
        <Badge variant="light" color={FORM_STATUS_COLOR[formStatus]} data-status="form">
          {t(`wizard:formStatus.${formStatus}`)}
        </Badge>
      </Group>
      <Group gap={6} wrap="nowrap">
        <Text size="sm" c="dimmed">
          {t('wizard:appforms.reviewStatusLabel')}
        </Text>
        <Badge variant="light" color={REVIEW_STATUS_COLOR[reviewStatus]} data-status="review">
          {t(`wizard:reviewStatus.${reviewStatus}`)}
        </Badge>
      </Group>
    </Group>
  );
}
