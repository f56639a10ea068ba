import type { FileView } from '@portal/domain';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../../shared/testing/render.tsx';
import { FileCards } from '../components/app-file-cards.tsx';

afterEach(cleanup);

const file = (over: Partial<FileView>): FileView => ({
  id: 'f1',
  file_type: 'incorporationCertificate',
  file_name: 'aurora-certificate-of-incorporation.pdf',
  version: 2,
  size: 1024,
  created: '2026-11-20T09:30:00.000Z',
  expires_at: '2027-02-20T09:30:00.000Z',
  status: 'pendingComment',
  status_code: 3,
  comments: [
    { author: 'Compliance', text: 'Please add the page with the seal.', created: '2026-11-21T10:00:00.000Z' },
  ],
  ...over,
});

describe('<FileCards> (app files on a phone)', () => {
  it('shows name, status, type, version and date, the last comment, and the same actions', async () => {
    const onComment = vi.fn();
    await renderUi(
      <FileCards files={[file({})]} canWrite onVerify={() => {}} onResult={() => {}} onComment={onComment} />,
    );
    const card = within(
      screen.getByTestId('file-cards').querySelector('[data-status="pendingComment"]') as HTMLElement,
    );
    card.getByText('aurora-certificate-of-incorporation.pdf');
    card.getByText('Awaiting your comment');
    card.getByText(/^Certificate of incorporation · version 2 · 20 Nov 2026/);
    card.getByText('Compliance: Please add the page with the seal.');
    card.getByRole('button', { name: 'File actions' }).click();
    const comments = await screen.findByRole('menuitem', { name: 'Comments' });
    expect(screen.getAllByRole('menuitem', { hidden: true }).map((item) => item.textContent)).toEqual([
      'Download',
      'Run verification',
      'Get result',
      'Comments',
    ]);
    comments.click();
    expect(onComment).toHaveBeenCalledWith(expect.objectContaining({ id: 'f1' }));
  });

  it('a reader without write scope gets no verification or comment actions; Russian texts', async () => {
    await renderUi(
      <FileCards
        files={[file({ comments: [] })]}
        canWrite={false}
        onVerify={() => {}}
        onResult={() => {}}
        onComment={() => {}}
      />,
      { language: 'ru' },
    );
    const cards = screen.getByTestId('file-cards');
    expect(cards.textContent).toContain('версия 2');
    within(cards).getByRole('button').click();
    await screen.findByRole('menuitem', { name: 'Получить результат' });
    expect(screen.getAllByRole('menuitem', { hidden: true })).toHaveLength(2);
  });
});
