import type { ApprovalConfirmation } from '@portal/domain';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/index.ts';
import { renderUi } from '../testing/render.tsx';
import { ApprovalDialog } from './approval-dialog.tsx';

afterEach(cleanup);

const confirmation: ApprovalConfirmation = {
  challenge_id: '0b7d5f3a-1111-4222-8333-444455556666',
  expires_at: new Date(Date.now() + 5 * 60_000).toISOString(),
  items: [
    {
      id: 'a',
      amount: '1234.56',
      currency: 'EUR',
      payee: 'Bäckerei Müller GmbH',
      account: 'DE89370400440532013000',
    },
    { id: 'b', amount: '10.00', currency: 'EUR', payee: 'Alpha Ltd', account: 'GB29NWBK60161331926819' },
  ],
  totals: [{ currency: 'EUR', amount: '1244.56' }],
};

/** Callers pass translated texts; plain constants stand in for them here. */
const TITLE = 'Approve 2 payments?';
const INTRO = 'The amount is reserved.';

async function open(approve: (proof: unknown) => Promise<void>, language = 'en-gb') {
  const requestChallenge = vi.fn(async () => confirmation);
  await renderUi(
    <ApprovalDialog
      openKey="a,b"
      title={TITLE}
      intro={INTRO}
      requestChallenge={requestChallenge}
      approve={approve}
      onClose={() => {}}
    />,
    { language },
  );
  await screen.findByTestId('approve-items');
  return requestChallenge;
}

function typeCredentials(code = '123456') {
  fireEvent.change(screen.getByTestId('approve-password'), { target: { value: 'Demo-Passw0rd!' } });
  const digits = screen.getByTestId('approve-code').querySelectorAll('input');
  code.split('').forEach((digit, i) => {
    const input = digits[i];
    if (input) fireEvent.change(input, { target: { value: digit } });
  });
}

describe('approval dialog (approval is strong customer authentication)', () => {
  it('lists each payee, account and amount and the total per currency before anything is sent', async () => {
    const approve = vi.fn(async (_proof: unknown) => {});
    const requestChallenge = await open(approve);
    expect(requestChallenge).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Bäckerei Müller GmbH')).toBeTruthy();
    expect(screen.getByText('DE89 3704 0044 0532 0130 00')).toBeTruthy();
    expect(screen.getByTestId('approve-totals').textContent).toContain('1,244.56');
    // Without the password and the six digits the button stays disabled.
    expect((screen.getByTestId('confirm-approve') as HTMLButtonElement).disabled).toBe(true);
    expect(approve).not.toHaveBeenCalled();
  });

  it('sends the challenge id, the password digest and the code', async () => {
    const approve = vi.fn(async (_proof: unknown) => {});
    await open(approve);
    typeCredentials();
    await waitFor(() =>
      expect((screen.getByTestId('confirm-approve') as HTMLButtonElement).disabled).toBe(false),
    );
    fireEvent.click(screen.getByTestId('confirm-approve'));
    await waitFor(() => expect(approve).toHaveBeenCalledTimes(1));
    const proof = approve.mock.calls[0]?.[0] as Record<string, string>;
    expect(proof.challenge_id).toBe(confirmation.challenge_id);
    expect(proof.secret_code).toBe('123456');
    // The password leaves the browser as its SHA-512 digest, never as typed (spec §7).
    expect(proof.password).toMatch(/^[0-9a-f]{128}$/);
  });

  it('a refused code shows the reason in red and clears the code for the next try', async () => {
    const approve = vi.fn(async (_proof: unknown) => {
      throw new ApiError({
        status: 401,
        code: 'SCA_WRONG_CREDENTIALS',
        messages: ['Authentication data is invalid, the action was not performed. Attempts left: 4.'],
        params: { left: 4 },
      });
    });
    await open(approve);
    typeCredentials();
    await waitFor(() =>
      expect((screen.getByTestId('confirm-approve') as HTMLButtonElement).disabled).toBe(false),
    );
    fireEvent.click(screen.getByTestId('confirm-approve'));
    const error = await screen.findByTestId('approve-error');
    expect(error.textContent).toMatch(/Attempts left: 4/);
    const digits = screen.getByTestId('approve-code').querySelectorAll('input');
    expect([...digits].every((d) => d.value === '')).toBe(true);
  });
});
