export { EmptyState, type EmptyStateProps } from './empty-state.tsx';
export { Page, type PageProps } from './page.tsx';
export { PlaceholderPage } from './placeholder-page.tsx';
export { PHONE_QUERY, scrollingTabList } from './scroll-tabs.ts';
export { CardList, type CardListProps, ListCard, type ListCardProps, usePhone } from './list-cards.tsx';
export { ListPager, type ListPagerProps, ListTable, type ListTableProps } from './list-table.tsx';
