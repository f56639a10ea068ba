import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../../shared/testing/render.tsx';
import { CodeInput } from './code-input.tsx';

afterEach(cleanup);

function Harness({ onComplete }: { onComplete: (code: string) => void }) {
  const [value, setValue] = useState('');
  return <CodeInput value={value} onChange={setValue} onComplete={onComplete} />;
}

const paste = (text: string) => {
  const first = screen.getAllByRole('textbox')[0] ?? screen.getAllByRole('spinbutton')[0];
  if (!first) throw new Error('no code box');
  fireEvent.paste(first, { clipboardData: { getData: () => text } });
  return first;
};

describe('code input paste (spec §8: wrong clipboard value for code)', () => {
  it('refuses a clipboard that holds no code, with the message, and fills nothing', async () => {
    const onComplete = vi.fn();
    await renderUi(<Harness onComplete={onComplete} />);
    paste('Str0ng-Pass!');
    expect(screen.getByTestId('mfa-code-error').textContent).toBe(
      'The clipboard does not hold a 6-digit code. Copy the code from your authenticator app and paste it again.',
    );
    expect(onComplete).not.toHaveBeenCalled();
  });

  it('takes a pasted "123 456" whole and completes', async () => {
    const onComplete = vi.fn();
    await renderUi(<Harness onComplete={onComplete} />);
    paste('123 456');
    expect(onComplete).toHaveBeenCalledWith('123456');
    expect(screen.queryByTestId('mfa-code-error')).toBeNull();
  });

  it('says it in Russian for a Russian user', async () => {
    await renderUi(<Harness onComplete={() => {}} />, { language: 'ru' });
    paste('12345');
    expect(screen.getByTestId('mfa-code-error').textContent).toContain('В буфере обмена нет 6-значного кода');
  });
});
