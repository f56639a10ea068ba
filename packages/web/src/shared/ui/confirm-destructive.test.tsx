import { Button } from '@mantine/core';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../testing/render.tsx';
import { confirmDestructive } from './confirm-destructive.ts';

afterEach(cleanup);

const DELETE = 'Delete';

function DeleteButton({ onDelete }: { onDelete: () => void }) {
  return (
    <Button
      onClick={() =>
        confirmDestructive({
          title: 'Delete 2 messages?',
          body: 'The messages leave your folders.',
          confirm: 'Delete 2 messages',
          cancel: 'Cancel',
          onConfirm: onDelete,
        })
      }
    >
      {DELETE}
    </Button>
  );
}

describe('confirmDestructive', () => {
  it('asks first: nothing happens on Cancel, the action runs once on its named button', async () => {
    const onDelete = vi.fn();
    await renderUi(<DeleteButton onDelete={onDelete} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await screen.findByText('Delete 2 messages?');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText('Delete 2 messages?')).toBeNull());
    expect(onDelete).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete 2 messages' }));
    await waitFor(() => expect(onDelete).toHaveBeenCalledTimes(1));
  });
});
