import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderUi } from '../../shared/testing/render.tsx';
import { LanguageMenu } from './header-menus.tsx';

afterEach(cleanup);

/** The language codes and group labels of the open menu, in the order a user reads them. */
const readingOrder = () =>
  [...document.querySelectorAll('[data-lang], [data-testid^="languages-"]')].map(
    (el) => el.getAttribute('data-lang') ?? `[${el.textContent}]`,
  );

describe('<LanguageMenu> (issue 36: an honest language picker)', () => {
  it('lists the fully translated languages first, the others under "dates and numbers only"', async () => {
    await renderUi(
      <LanguageMenu target={<button type="button" data-testid="menu-target" />} defaultOpened />,
    );
    const order = readingOrder();
    const formatOnlyAt = order.indexOf('[Dates and numbers only — texts in English]');
    expect(order.slice(0, formatOnlyAt)).toEqual(['[Complete translation]', 'en-gb', 'ru', 'de', 'pl']);
    expect(order.slice(formatOnlyAt + 1)).toContain('fr');
    expect(order.slice(formatOnlyAt + 1)).not.toContain('pl');
    expect(order).toHaveLength(2 + 40);
  });

  it('labels the groups in the chosen language', async () => {
    await renderUi(
      <LanguageMenu target={<button type="button" data-testid="menu-target" />} defaultOpened />,
      {
        language: 'pl',
      },
    );
    screen.getByText('Pełne tłumaczenie');
    screen.getByText('Tylko daty i liczby — teksty po angielsku');
    expect(screen.getByText('Polski').closest('[data-lang]')?.getAttribute('data-lang')).toBe('pl');
  });
});
