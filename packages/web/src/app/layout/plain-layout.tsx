import { AppShell, Container } from '@mantine/core';
import { Outlet } from 'react-router';
import { AppHeader } from './app-header.tsx';
import classes from './layout.module.css';
import { MaintenanceBanner } from './maintenance-banner.tsx';

/** Header-only layout for the error page and the pages reached from emailed links. */
export function PlainLayout() {
  return (
    <AppShell header={{ height: 56 }} padding="md">
      <AppShell.Header>
        <AppHeader />
      </AppShell.Header>
      <AppShell.Main className={classes.main}>
        <Container size="md" px={0}>
          <MaintenanceBanner />
          <Outlet />
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
