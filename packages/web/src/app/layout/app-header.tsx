import { Burger, Group, Text } from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NewTransactionsIndicator } from '../../features/payments/components/new-transactions-indicator.tsx';
import { CompanySwitcher } from '../../features/users/components/company-switcher.tsx';
import { hostPlatform, usePlatform } from '../../shared/api/index.ts';
import { useRights } from '../../shared/session/index.ts';
import { href } from '../router/route-names.ts';

/** Spec §6 action behind the new pay-ins/pay-outs bell. */
const NEW_TRANSACTIONS_RIGHT = 'notifications/getNewTransactionsNotification';
import classes from './layout.module.css';
import { LanguageSelect } from './language-select.tsx';
import { ThemeToggle } from './theme-toggle.tsx';
import { UserMenu } from './user-menu.tsx';

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
        <Link to={homeHref} className={classes.brand} aria-label={t('common:navigation.home')}>
          <span className={classes.brandMark}>
            <IconBuildingBank size={18} stroke={1.8} />
          </span>
          <Text fw={700} size="sm" truncate="end" data-testid="platform-name">
            {platform.legalName}
          </Text>
        </Link>
      </Group>
      <Group gap={6} wrap="nowrap">
        {withCompanySwitcher && rights.has(NEW_TRANSACTIONS_RIGHT) ? <NewTransactionsIndicator /> : null}
        {withCompanySwitcher ? <CompanySwitcher /> : null}
        <LanguageSelect />
        <ThemeToggle />
        <UserMenu isPortal={withCompanySwitcher} />
      </Group>
    </Group>
  );
}
