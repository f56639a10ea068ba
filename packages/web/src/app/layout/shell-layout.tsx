import { AppShell, Box, Container, Stack } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { useSession } from '../../shared/session/index.ts';
import { lazyPart } from '../router/lazy-page.tsx';
import { useRouteHandle } from '../../shared/routes/route-handle.ts';
import { AppHeader } from './app-header.tsx';
import classes from './layout.module.css';
import { MaintenanceBanner } from './maintenance-banner.tsx';
import { prefetchMenuItems } from './menu-items.ts';
import { SideMenu } from './signed-in-parts.ts';

/** Where AppShell shows the navbar beside the content (its `breakpoint: 'sm'`, 48em). */
const NAVBAR_SHOWN_QUERY = '(min-width: 48em)';

// Surveys are for logged-in users: their code stays off the login route.
const SurveyPrompt = lazyPart(
  () => import('../../features/survey/components/survey-prompt.tsx'),
  'SurveyPrompt',
);

/**
 * Portal layout: header, side menu, content. While logged out the menu is blurred and inert, and so is
 * the content unless the route is public (spec §2).
 */
export function ShellLayout() {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const session = useSession();
  const handle = useRouteHandle();
  const isNavDisabled = !session.isLoggedIn;
  const isMainDisabled = !session.isLoggedIn && !handle?.isPublic;
  // On a phone the menu is a closed drawer until the burger opens it: its entries are drawn only
  // then, so a phone's first screen does not pay for a menu nobody sees (issue 15, Lighthouse mobile).
  const isWide = useMediaQuery(NAVBAR_SHOWN_QUERY, true, { getInitialValueInEffect: false });
  const isMenuShown = isWide || opened;
  const client = useQueryClient();
  const shouldPrefetchMenu = session.isLoggedIn && !session.isBoarding && !isMenuShown;
  useEffect(() => {
    if (shouldPrefetchMenu) void prefetchMenuItems(client, session.userId);
  }, [client, shouldPrefetchMenu, session.userId]);

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 250, breakpoint: 'sm', collapsed: { mobile: !opened || isNavDisabled } }}
      padding="md"
    >
      <AppShell.Header>
        <AppHeader
          burger={isNavDisabled ? undefined : { opened, toggle }}
          withCompanySwitcher={!isNavDisabled}
        />
      </AppShell.Header>
      <AppShell.Navbar
        className={isNavDisabled ? `${classes.navbar} ${classes.blurred}` : classes.navbar}
        aria-hidden={isNavDisabled || undefined}
        inert={isNavDisabled}
        data-testid="side-menu"
      >
        {session.isLoggedIn && isMenuShown ? (
          <Suspense fallback={null}>
            <SideMenu onNavigate={close} />
          </Suspense>
        ) : session.isLoggedIn ? null : (
          // Logged out, `GET /menu_items` is not asked: the menu is empty (and blurred, inert).
          <Stack gap={2} p="xs" component="nav" aria-label={t('common:navigation.menu')} />
        )}
      </AppShell.Navbar>
      <AppShell.Main className={classes.main}>
        <Container size="xl" px={{ base: 0, sm: 'md' }}>
          <MaintenanceBanner />
          <Box
            className={[isMainDisabled ? classes.blurred : '', handle?.fullHeight ? classes.fullHeight : '']
              .filter(Boolean)
              .join(' ')}
            aria-hidden={isMainDisabled || undefined}
            inert={isMainDisabled}
            data-testid="app-area"
          >
            <Outlet />
          </Box>
          {session.isLoggedIn ? (
            <Suspense fallback={null}>
              <SurveyPrompt />
            </Suspense>
          ) : null}
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
