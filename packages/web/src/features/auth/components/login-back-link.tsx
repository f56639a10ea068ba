import { Anchor, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Either a button (back to the first login step) or a link (out of a recovery request). */
type LoginBackLinkProps = { onClick: () => void } | { to: string };

/** The login screen's "Back". */
export function LoginBackLink(props: LoginBackLinkProps) {
  const { t } = useTranslation();
  const label = (
    <Group gap={6}>
      <IconArrowLeft size={16} />
      {t('login:back')}
    </Group>
  );
  if ('to' in props)
    return (
      <Anchor component={Link} to={props.to} replace state={null} size="sm">
        {label}
      </Anchor>
    );
  return (
    <Anchor component="button" type="button" size="sm" onClick={props.onClick}>
      {label}
    </Anchor>
  );
}
