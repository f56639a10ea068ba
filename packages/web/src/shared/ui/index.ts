export { EmptyState, type EmptyStateProps } from './empty-state.tsx';
export { Page, type PageProps } from './page.tsx';
export { PlaceholderPage } from './placeholder-page.tsx';
