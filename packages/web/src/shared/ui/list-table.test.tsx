import { Table } from '@mantine/core';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../testing/render.tsx';
import { ListPager, ListTable } from './list-table.tsx';

afterEach(cleanup);

// Texts a feature would pass in, already translated.
const TOTAL = '45 records';
const NAME = 'Hollandse Logistiek B.V.';
const EMPTY = 'Nothing here';

/** The page buttons Mantine's pager shows (its arrows carry no text). */
const pageButtons = () =>
  screen
    .queryAllByRole('button')
    .map((button) => button.textContent)
    .filter((text) => text !== '');

describe('<ListPager> (the pager under a list)', () => {
  it('renders nothing while every row fits on one page', async () => {
    await renderUi(
      <div data-testid="under-list">
        <ListPager total={20} pageSize={20} page={1} onPage={vi.fn()} />
      </div>,
    );
    expect(screen.getByTestId('under-list').childElementCount).toBe(0);
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });

  it('shows one button a page and asks for the page clicked', async () => {
    const onPage = vi.fn();
    await renderUi(<ListPager total={45} pageSize={20} page={1} onPage={onPage} aside={TOTAL} />);
    expect(pageButtons()).toEqual(['1', '2', '3']);
    expect(screen.getByRole('button', { name: '1' }).getAttribute('aria-current')).toBe('page');
    screen.getByText(TOTAL);

    fireEvent.click(screen.getByRole('button', { name: '3' }));
    expect(onPage).toHaveBeenCalledExactlyOnceWith(3);
  });

  it('shows again when the list grows past one page', async () => {
    const { rerender } = await renderUi(<ListPager total={0} pageSize={10} page={1} onPage={vi.fn()} />);
    expect(pageButtons()).toEqual([]);
    rerender(<ListPager total={11} pageSize={10} page={2} onPage={vi.fn()} />);
    expect(pageButtons()).toEqual(['1', '2']);
    expect(screen.getByRole('button', { name: '2' }).getAttribute('aria-current')).toBe('page');
  });
});

describe('<ListTable> (a list table in its frame)', () => {
  it('hands its props to the table and shows the footer under it', async () => {
    await renderUi(
      <ListTable minWidth={760} data-testid="records-table" footer={EMPTY}>
        <Table.Tbody>
          <Table.Tr>
            <Table.Td>{NAME}</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </ListTable>,
    );
    const table = screen.getByTestId('records-table');
    expect(table.tagName).toBe('TABLE');
    expect(table.textContent).toContain(NAME);
    expect(table.textContent).not.toContain(EMPTY);
    screen.getByText(EMPTY);
  });
});
