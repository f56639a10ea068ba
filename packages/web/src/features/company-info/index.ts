export { CompanyContactsPage } from './pages/contacts-page.tsx';
export { FeaturesAlertsPage } from './pages/features-alerts-page.tsx';
export { ProviderContactsPage } from './pages/provider-contacts-page.tsx';
