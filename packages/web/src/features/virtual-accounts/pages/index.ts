// One chunk for the VA screens (router lazy-loads this module).
export { OperatorVaPage } from './operator-va-page.tsx';
export { VaListPage } from './va-list-page.tsx';
export { VaNewRequestPage } from './va-new-request-page.tsx';
export { VaRequestPage } from './va-request-page.tsx';
export { VaRequestsPage } from './va-requests-page.tsx';
