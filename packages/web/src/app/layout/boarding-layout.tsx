import { AppShell, Box, Container, ScrollArea, Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { useSession } from '../../shared/session/index.ts';
import { type BoardingRouteName, boardingHref } from '../../shared/routes/route-names.ts';
import { AppHeader } from './app-header.tsx';
import classes from './layout.module.css';
import { MaintenanceBanner } from './maintenance-banner.tsx';

/** Boarding sections and the read scope each needs (spec §2); overview needs none. */
const SECTIONS: ReadonlyArray<{ name: BoardingRouteName; labelKey: string; scope?: string }> = [
  { name: 'main', labelKey: 'wizard:tabs.overview' },
  { name: 'appforms', labelKey: 'wizard:tabs.appforms', scope: 'appforms/read' },
  { name: 'appfiles', labelKey: 'wizard:tabs.appfiles', scope: 'appfiles/read' },
  { name: 'offers', labelKey: 'wizard:tabs.offers', scope: 'offers/read' },
  { name: 'contracts', labelKey: 'wizard:tabs.contracts', scope: 'contracts/read' },
];

/** Boarding mode `/:uuid/:role`: header and section tabs, only those the role's scopes open. */
export function BoardingLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { uuid = '', role = '' } = useParams();
  const session = useSession();
  const isDisabled = !session.isLoggedIn;
  const sections = SECTIONS.filter((section) => !section.scope || session.hasScope(section.scope)).map(
    (section) => ({
      ...section,
      to: boardingHref(section.name, { uuid, role }),
    }),
  );
  const active = [...sections].reverse().find((section) => pathname.startsWith(section.to))?.to ?? null;

  return (
    <AppShell header={{ height: 56 }} padding="md">
      <AppShell.Header>
        <AppHeader homeHref={boardingHref('main', { uuid, role })} />
      </AppShell.Header>
      <AppShell.Main className={classes.main}>
        <Container size="xl" px={0}>
          <MaintenanceBanner />
          <Box
            className={isDisabled ? classes.blurred : undefined}
            aria-hidden={isDisabled || undefined}
            inert={isDisabled}
          >
            <ScrollArea type="never" mb="lg">
              <Tabs value={active} onChange={(to) => to && navigate(to)}>
                <Tabs.List style={{ flexWrap: 'nowrap' }}>
                  {sections.map((section) => (
                    <Tabs.Tab key={section.name} value={section.to}>
                      {t(section.labelKey)}
                    </Tabs.Tab>
                  ))}
                </Tabs.List>
              </Tabs>
            </ScrollArea>
            <Outlet />
          </Box>
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
