import { Burger, Group, Text } from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hostPlatform, usePlatform } from '../../shared/api/index.ts';
import { useRights, useSession } from '../../shared/session/index.ts';
import { usePhone } from '../../shared/ui/index.ts';
import { lazyPart } from '../router/lazy-page.tsx';
import { href } from '../../shared/routes/route-names.ts';

/** Spec §6 action behind the new pay-ins/pay-outs bell. */
const NEW_TRANSACTIONS_RIGHT = 'notifications/getNewTransactionsNotification';
/** Members of a client company: the notification centre adds their messages and notices. */
const MESSAGES_RIGHT = 'messages/unreadQuantity';
import classes from './layout.module.css';
import { LanguageSelect, PhoneDisplayMenu } from './language-select.tsx';
import { ThemeToggle } from './theme-toggle.tsx';

// Parts only a logged-in user sees load with their own chunks, not on the login route.
const NotificationCentre = lazyPart(
  () => import('../../features/notices/components/notification-centre.tsx'),
  'NotificationCentre',
);
const NewTransactionsIndicator = lazyPart(
  () => import('../../features/payments/components/new-transactions-indicator.tsx'),
  'NewTransactionsIndicator',
);
const UserMenu = lazyPart(() => import('./user-menu.tsx'), 'UserMenu');
const CompanySwitcher = lazyPart(
  () => import('../../features/users/components/company-switcher.tsx'),
  'CompanySwitcher',
);

export interface AppHeaderProps {
  burger?: { opened: boolean; toggle: () => void };
  homeHref?: string;
  /** Portal pages show the company switcher; boarding and public pages do not. */
  withCompanySwitcher?: boolean;
}

/** Brand (provider entity of the host), language, theme and user menu. */
export function AppHeader({ burger, homeHref = href('main'), withCompanySwitcher = false }: AppHeaderProps) {
  const { t } = useTranslation();
  const platform = usePlatform().data?.platform ?? hostPlatform();
  const rights = useRights();
  const session = useSession();
  // Mobile layout rule: on a phone, language and theme share one button so the brand keeps its room.
  const isPhone = usePhone();
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap" miw={0}>
        {burger ? (
          <Burger
            opened={burger.opened}
            onClick={burger.toggle}
            hiddenFrom="sm"
            size="sm"
            aria-label={t('common:navigation.toggle')}
          />
        ) : null}
        <Link
          to={homeHref}
          className={classes.brand}
          aria-label={`${t('common:navigation.home')}: ${platform.legalName}`}
        >
          <span className={classes.brandMark}>
            <IconBuildingBank size={18} stroke={1.8} />
          </span>
          {/* Short lines rather than a cut name on a phone (mobile layout rule): the whole legal name. */}
          <Text
            fw={700}
            fz={{ base: 'xs', sm: 'sm' }}
            lh={1.15}
            lineClamp={3}
            style={{ overflowWrap: 'normal' }}
            data-testid="platform-name"
          >
            {platform.legalName}
          </Text>
        </Link>
      </Group>
      <Group gap={6} wrap="nowrap">
        <Suspense fallback={null}>
          {withCompanySwitcher && rights.has(MESSAGES_RIGHT) ? (
            <NotificationCentre withPayments={rights.has(NEW_TRANSACTIONS_RIGHT)} />
          ) : withCompanySwitcher && rights.has(NEW_TRANSACTIONS_RIGHT) ? (
            <NewTransactionsIndicator />
          ) : null}
          {withCompanySwitcher ? <CompanySwitcher /> : null}
        </Suspense>
        {isPhone ? (
          <PhoneDisplayMenu />
        ) : (
          <>
            <LanguageSelect />
            <ThemeToggle />
          </>
        )}
        {session.isLoggedIn ? (
          <Suspense fallback={null}>
            <UserMenu isPortal={withCompanySwitcher} />
          </Suspense>
        ) : null}
      </Group>
    </Group>
  );
}
