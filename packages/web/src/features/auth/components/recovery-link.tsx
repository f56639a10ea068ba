import { Anchor } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { href } from '../../../shared/routes/route-names.ts';
import type { RecoveryKind } from './recovery-request.tsx';

/** Route state of the login: recovery steps (so Back works), and a login to prefill after self-registration. */
export interface LoginRouteState {
  step?: RecoveryKind;
  login?: string;
}

/** Opens a recovery request (forgot password, lost authenticator) on the login route itself. */
export function RecoveryLink({ kind }: { kind: RecoveryKind }) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <Anchor
      component={Link}
      to={`${href('login')}${location.search}`}
      state={{ step: kind } satisfies LoginRouteState}
      size="sm"
      data-testid={`link-${kind}`}
    >
      {t(`login:${kind}.link`)}
    </Anchor>
  );
}
