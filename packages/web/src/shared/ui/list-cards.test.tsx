import { Button, Checkbox } from '@mantine/core';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../testing/render.tsx';
import { CardList, ListCard } from './list-cards.tsx';

afterEach(cleanup);

// Texts a feature would pass in, already translated.
const NAME = 'Hollandse Logistiek B.V.';
const OPEN = `Open ${NAME}`;
const AMOUNT = '€12,345.60';
const DATE = '20 Nov 2026';
const STATUS = 'Pending';
const SELECT = 'Select';
const MENU = 'Actions';
const PERSON = 'Anna Schmidt';

describe('<ListCard> (one row of a list on a phone)', () => {
  it('opens on a tap and on Enter, but not from its checkbox or its actions', async () => {
    const onOpen = vi.fn();
    const onAction = vi.fn();
    const onToggle = vi.fn();
    await renderUi(
      <CardList testId="cards">
        <ListCard
          title={NAME}
          aside={AMOUNT}
          meta={DATE}
          status={STATUS}
          leading={<Checkbox aria-label={SELECT} onChange={onToggle} />}
          actions={<Button onClick={onAction}>{MENU}</Button>}
          onOpen={onOpen}
          openLabel={OPEN}
          data={{ 'data-uuid': 'w1' }}
        />
      </CardList>,
    );
    const card = screen.getByRole('button', { name: OPEN });
    expect(card.getAttribute('data-uuid')).toBe('w1');
    expect(card.textContent).toContain(AMOUNT);
    expect(card.textContent).toContain(STATUS);

    screen.getByRole('checkbox').click();
    expect(onToggle).toHaveBeenCalledOnce();
    screen.getByRole('button', { name: MENU }).click();
    expect(onAction).toHaveBeenCalledOnce();
    expect(onOpen).not.toHaveBeenCalled();

    card.click();
    expect(onOpen).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(card, { key: 'Enter' });
    expect(onOpen).toHaveBeenCalledTimes(2);
  });

  it('a card that opens nothing is not a button; loading shows skeletons, not cards', async () => {
    const { rerender } = await renderUi(
      <CardList testId="cards">
        <ListCard title={PERSON} />
      </CardList>,
    );
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByTestId('cards').textContent).toContain(PERSON);
    rerender(
      <CardList testId="cards" isLoading>
        <ListCard title={PERSON} />
      </CardList>,
    );
    expect(screen.queryByTestId('cards')).toBeNull();
    screen.getByTestId('cards-loading');
  });
});
