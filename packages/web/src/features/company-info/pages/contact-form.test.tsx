import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../../shared/testing/render.tsx';
import { ContactForm } from './contact-form.tsx';

afterEach(cleanup);

async function open(language = 'en-gb') {
  const onSubmit = vi.fn();
  await renderUi(
    <ContactForm contact={null} opened saving={false} onClose={() => {}} onSubmit={onSubmit} />,
    {
      language,
    },
  );
  return onSubmit;
}

const fill = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });

describe('contact form (List of Contacts)', () => {
  it('says what is wrong with a bad email and phone, in the user language, and sends nothing', async () => {
    const onSubmit = await open('ru');
    fill(/Имя/, 'Iris');
    fill(/Фамилия/, 'Novak');
    fill(/Эл. почта/, 'not-an-email');
    fill(/Телефон/, '12345');
    fireEvent.click(screen.getByTestId('contact-save'));
    expect(await screen.findByText('Неверный адрес эл. почты.')).toBeTruthy();
    expect(screen.getByText(/Неверный номер телефона/)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends a valid contact with its issue types', async () => {
    const onSubmit = await open();
    fill(/First name/, 'Iris');
    fill(/Last name/, 'Novak');
    fill(/Email/, ' iris@example.com ');
    fill(/Phone/, '+44 20 7946 0999');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Compliance issues' }));
    fireEvent.click(screen.getByTestId('contact-save'));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        email: 'iris@example.com',
        phone: '+44 20 7946 0999',
        issue_types: ['compliance'],
      }),
    );
  });
});
