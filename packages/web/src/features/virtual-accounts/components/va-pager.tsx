import { ListPager } from '../../../shared/ui/index.ts';
import { VA_PAGE_SIZE } from '../api.ts';

/** The pager under a VA list (accounts or requests), `VA_PAGE_SIZE` rows a page. */
export function VaPager({
  total,
  page,
  onPage,
}: {
  total: number | undefined;
  page: number;
  onPage: (page: number) => void;
}) {
  return (
    <ListPager total={total ?? 0} pageSize={VA_PAGE_SIZE} page={page} onPage={onPage} justify="flex-start" />
  );
}
