import { PDFDocument, PDFName, PDFString } from '@cantoo/pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCompany, makeUser } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { messageForm, pdf, writeMessage } from './messages.fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function setup() {
  const company = await makeCompany(t);
  const master = await makeUser(t, { merchantId: company.id, isMaster: true });
  const staff = await makeUser(t, { group: 'admin' });
  return { company, master, staff };
}

const list = (token: string, folder: 'inbox' | 'outbox', body: Record<string, unknown> = {}, page = 1) =>
  t.call({ method: 'POST', url: `/api/messages/${folder}/${page}/10/desc`, token, payload: body });

/** Sent with an Idempotency-Key as the browser does: the answer's mail must not wait on its own transaction. */
const answer = (token: string, caseId: string, payload: Record<string, unknown>) =>
  t.call({
    method: 'POST',
    url: `/api/operator/cases/${caseId}/answer`,
    token,
    payload,
    headers: { 'idempotency-key': `answer-${Math.random().toString(36).slice(2)}` },
  });

describe('messages with support (client side)', () => {
  it('lists the message types', async () => {
    const { master } = await setup();
    const res = await t.call({ method: 'GET', url: '/api/message_types/', token: master.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().message_types.map((m: { code: string }) => m.code)).toContain('payments');
  });

  it('a new message opens a case with a number and shows in the outbox; text is kept as sent', async () => {
    const { master } = await setup();
    const subject = '<script>alert(1)</script> payout';
    const m = await writeMessage(t, master.token, { subject, priority: 'high' });
    expect(m.case_number).toMatch(/^C-\d{6,}$/);
    expect(m.root_uuid).toBe(m.id);
    const res = await list(master.token, 'outbox');
    expect(res.json().total).toBe(1);
    const [row] = res.json().messages;
    expect(row).toMatchObject({
      subject,
      crm_status: 'Created',
      priority: 'high',
      type: 'payments',
      folder: 'outbox',
    });
    expect((await list(master.token, 'inbox')).json().total).toBe(0);
  });

  it('filters by case status, type and text, sorts and pages in SQL', async () => {
    const { master } = await setup();
    for (let i = 0; i < 12; i++)
      await writeMessage(t, master.token, {
        subject: `Question ${i}`,
        type: i % 2 ? 'technical' : 'payments',
        priority: i === 3 ? 'high' : 'low',
      });
    const page2 = (await list(master.token, 'outbox', {}, 2)).json();
    expect(page2.total).toBe(12);
    expect(page2.messages).toHaveLength(2);
    expect((await list(master.token, 'outbox', { type: 'technical' })).json().total).toBe(6);
    expect(
      (await list(master.token, 'outbox', { filter_param: 'subject', filter_value: 'Question 1' })).json()
        .total,
    ).toBe(3);
    expect((await list(master.token, 'outbox', { crm_status: 'Closed' })).json().total).toBe(0);
    const byPriority = (await list(master.token, 'outbox', { sort_param: 'priority' })).json();
    expect(byPriority.messages[0].subject).toBe('Question 3');
    const asc = await t.post('/api/messages/outbox/1/10/asc', master.token);
    expect(asc.json().messages[0].subject).toBe('Question 0');
  });

  it('finds messages by words of the text or by case number, never another company’s case', async () => {
    const { master } = await setup();
    const wanted = await writeMessage(t, master.token, {
      subject: 'Card question',
      text: 'The statement shows invoice 4242 twice.',
    });
    await writeMessage(t, master.token, { subject: 'Other question', text: 'Nothing to see.' });
    const other = await makeCompany(t);
    const stranger = await makeUser(t, { merchantId: other.id, isMaster: true });
    const foreign = await writeMessage(t, stranger.token, { subject: 'Card question', text: 'invoice 4242' });

    const subjects = async (body: Record<string, unknown>) =>
      (await list(master.token, 'outbox', body)).json().messages.map((m: { subject: string }) => m.subject);
    expect(await subjects({ filter_param: 'text', filter_value: 'INVOICE 4242' })).toEqual(['Card question']);
    expect(await subjects({ filter_value: 'invoice*twice' })).toEqual(['Card question']);
    expect(await subjects({ filter_param: 'case_number', filter_value: wanted.case_number })).toEqual([
      'Card question',
    ]);
    // Any field: the case number typed without its prefix finds the case.
    const number = wanted.case_number.replace(/^C-0*/, '');
    expect(await subjects({ filter_value: number })).toEqual(['Card question']);
    expect(await subjects({ filter_param: 'case_number', filter_value: foreign.case_number })).toEqual([]);
    expect((await list(master.token, 'outbox', { filter_value: 'no such words' })).json().total).toBe(0);
  });

  it('refuses empty subject or text and unknown types, writing nothing', async () => {
    const { master } = await setup();
    for (const body of [{ subject: '  ' }, { text: '' }, { type: 'gossip' }, { type: undefined }]) {
      const res = await t.post('/api/messages/add', master.token, {
        type: 'payments',
        subject: 'S',
        text: 'T',
        ...body,
      });
      expect(res.statusCode).toBe(417);
      expect(res.json().code).toBe('VALIDATION');
    }
    expect((await list(master.token, 'outbox')).json().total).toBe(0);
  });

  it('takes PDF attachments, downloadable by the company and staff only', async () => {
    const { master, staff } = await setup();
    const other = await makeUser(t, { merchantId: (await makeCompany(t)).id });
    const bytes = await pdf();
    const res = await t.call({
      method: 'POST',
      url: '/api/messages/add',
      token: master.token,
      ...messageForm({ type: 'accounts', subject: 'Statement', text: 'See attached' }, [
        { name: 'statement (1).pdf', bytes },
      ]),
    });
    expect(res.statusCode).toBe(200);
    const m = res.json().message;
    expect(m.attachments).toEqual([
      { file_link: expect.any(String), file_name: 'statement (1).pdf', size: bytes.length },
    ]);
    const get = (token: string) =>
      t.post(`/api/files/message_attachments/get_file_s3/${m.id}`, token, {
        file_link: m.attachments[0].file_link,
      });
    const mine = await get(master.token);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('application/pdf');
    expect(mine.headers['x-content-type-options']).toBe('nosniff');
    expect(mine.headers['content-disposition']).toContain('attachment');
    expect(Buffer.from(mine.rawPayload).equals(bytes)).toBe(true);
    expect((await get(staff.token)).statusCode).toBe(200);
    const theirs = await get(other.token);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().code).toBe('ATTACHMENT_NOT_FOUND');
  });

  it('refuses a too large, refused-type, forged or path-named attachment and too many files, writing nothing', async () => {
    const { master } = await setup();
    const good = await pdf();
    const cases: [string, { name: string; bytes: Buffer }[]][] = [
      [
        'ATTACHMENT_SIZE_EXCEEDED',
        [{ name: 'big.pdf', bytes: Buffer.concat([good, Buffer.alloc(10 * 1024 * 1024)]) }],
      ],
      ['ATTACHMENT_TYPE_REFUSED', [{ name: 'run.exe', bytes: Buffer.from('MZ\x90\x00') }]],
      ['ATTACHMENT_TYPE_REFUSED', [{ name: 'photo.png', bytes: Buffer.from('\x89PNG\r\n\x1a\n') }]],
      ['ATTACHMENT_CONTENT_INVALID', [{ name: 'invoice.pdf', bytes: Buffer.from('\x89PNG\r\n\x1a\n0000') }]],
      [
        'ATTACHMENT_CONTENT_INVALID',
        [{ name: 'list.csv', bytes: Buffer.from('<html><script>x</script></html>') }],
      ],
      // HTML wearing PDF markers does not parse as a PDF (issue 17: the same inspection everywhere).
      [
        'ATTACHMENT_CONTENT_INVALID',
        [
          {
            name: 'fake.pdf',
            bytes: Buffer.from('%PDF-1.7\n<html><script>alert(1)</script></html>\n%%EOF\n'),
          },
        ],
      ],
      ['FILE_ACTIVE_CONTENT', [{ name: 'open.pdf', bytes: await openActionPdf() }]],
      [
        'FILE_CSV_FORMULA',
        [{ name: 'rates.csv', bytes: Buffer.from('name,amount\nAcme,=HYPERLINK("x")\n') }],
      ],
      ['ATTACHMENT_NAME_INVALID', [{ name: '../../etc/passwd.pdf', bytes: good }]],
      ['ATTACHMENT_NAME_INVALID', [{ name: '..\\..\\boot.pdf', bytes: good }]],
      [
        'ATTACHMENT_COUNT_EXCEEDED',
        Array.from({ length: 6 }, (_, i) => ({ name: `f${i}.pdf`, bytes: good })),
      ],
    ];
    for (const [code, files] of cases) {
      const res = await t.call({
        method: 'POST',
        url: '/api/messages/add',
        token: master.token,
        ...messageForm({ type: 'general', subject: 'S', text: 'T' }, files),
      });
      expect(res.json().code, files[0]?.name).toBe(code);
      expect(res.statusCode).toBe(417);
    }
    expect((await list(master.token, 'outbox')).json().total).toBe(0);
  });
});

/** A PDF whose /OpenAction runs JavaScript when opened. */
async function openActionPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([300, 200]);
  const action = doc.context.obj({ Type: 'Action', S: 'JavaScript', JS: PDFString.of('app.alert(1)') });
  doc.catalog.set(PDFName.of('OpenAction'), doc.context.register(action));
  return Buffer.from(await doc.save());
}

describe('support console, answers, read marks and deletion', () => {
  it('staff see every company case, answer with mail, the client reads it and unread counts follow', async () => {
    const { company, master, staff } = await setup();
    const quiet = await makeUser(t, {
      merchantId: company.id,
      user: { notificationParams: { email_new_message: false } },
    });
    const russian = await makeUser(t, { merchantId: company.id, user: { uiLanguage: 'ru' } });
    const m = await writeMessage(t, master.token, { subject: 'Card limit' });
    const cases = await t.post('/api/operator/cases/1/50', staff.token, { merchant_id: company.id });
    expect(cases.statusCode).toBe(200);
    expect(cases.json().cases[0]).toMatchObject({
      id: m.root_uuid,
      case_number: m.case_number,
      merchant_name: company.name,
      unread: 1,
      crm_status: 'Created',
    });
    const got = await t.call({
      method: 'GET',
      url: `/api/operator/cases/${m.root_uuid}`,
      token: staff.token,
    });
    expect(got.json().messages).toHaveLength(1);
    expect(got.json().case.unread).toBe(0);

    const res = await answer(staff.token, m.root_uuid, { text: 'Your limit is raised.' });
    expect(res.statusCode).toBe(200);
    expect(res.json().case.crm_status).toBe('In Progress');
    const mail = await t.deps.mail.outbox(master.user.email, 5);
    expect(mail.find((x) => x.kind === 'support-answer')?.subject).toContain(m.case_number);
    expect((await t.deps.mail.outbox(quiet.user.email, 5)).some((x) => x.kind === 'support-answer')).toBe(
      false,
    );
    // A user whose profile language is Russian reads the same mail in Russian.
    const ru = (await t.deps.mail.outbox(russian.user.email, 5)).find((x) => x.kind === 'support-answer');
    expect(ru?.subject).toBe(`Поддержка ответила на обращение ${m.case_number}`);
    expect(ru?.textBody).toContain('«Card limit»');

    const unread = await t.call({ method: 'GET', url: '/api/messages/unread_quantity', token: master.token });
    expect(unread.json().merchant_unreads).toEqual([{ merchant_id: company.id, quantity: 1 }]);
    const inbox = (await list(master.token, 'inbox')).json();
    expect(inbox.messages[0]).toMatchObject({
      text: 'Your limit is raised.',
      read_status: 0,
      root_uuid: m.root_uuid,
    });
    const thread = await t.call({
      method: 'GET',
      url: `/api/messages/linked_list/${m.id}`,
      token: master.token,
    });
    expect(thread.json().messages.map((x: { folder: string }) => x.folder)).toEqual(['outbox', 'inbox']);

    const read = await t.post('/api/messages/read_status', master.token, {
      messages: [inbox.messages[0].id],
    });
    expect(read.statusCode).toBe(200);
    expect(
      (await t.call({ method: 'GET', url: '/api/messages/unread_quantity', token: master.token })).json()
        .merchant_unreads[0].quantity,
    ).toBe(0);

    // The reply goes into the same thread.
    const reply = await writeMessage(t, master.token, {
      root_uuid: m.root_uuid,
      subject: undefined,
      type: undefined,
      text: 'Thanks',
    });
    expect(reply.root_uuid).toBe(m.root_uuid);
  });

  it('marking read an id that is not yours is refused and nothing is marked', async () => {
    const { master, staff } = await setup();
    const other = await setup();
    const mine = await writeMessage(t, master.token);
    await answer(staff.token, mine.root_uuid, { text: 'Answer' });
    const [answerMsg] = (await list(master.token, 'inbox')).json().messages;
    const theirs = await writeMessage(t, other.master.token);
    const res = await t.post('/api/messages/read_status', master.token, {
      messages: [answerMsg.id, theirs.id],
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('MESSAGE_READ_FAILED');
    expect((await list(master.token, 'inbox')).json().messages[0].read_status).toBe(0);
    const bad = await t.post('/api/messages/read_status', master.token, { messages: ['not-a-uuid'] });
    expect(bad.statusCode).toBe(417);
  });

  it('deletes a message or a thread only while the case is Created', async () => {
    const { master, staff } = await setup();
    const a = await writeMessage(t, master.token, { subject: 'A' });
    const b = await writeMessage(t, master.token, { subject: 'B' });
    const del = await t.post('/api/messages/delete', master.token, { messages: [a.id] });
    expect(del.statusCode).toBe(200);
    const seq = await t.post('/api/messages/delete_sequence', master.token, { root_uuids: [b.root_uuid] });
    expect(seq.statusCode).toBe(200);
    expect((await list(master.token, 'outbox')).json().total).toBe(0);
    // Staff still see the withdrawn cases.
    const got = await t.call({
      method: 'GET',
      url: `/api/operator/cases/${b.root_uuid}`,
      token: staff.token,
    });
    expect(got.json().case.deleted_by_client).toBe(true);

    // Deleting the first message of a thread keeps the rest reachable by its root uuid.
    const d = await writeMessage(t, master.token, { subject: 'D' });
    await writeMessage(t, master.token, {
      root_uuid: d.root_uuid,
      subject: undefined,
      type: undefined,
      text: 'more',
    });
    await t.post('/api/messages/delete', master.token, { messages: [d.id] });
    const rest = await t.call({
      method: 'GET',
      url: `/api/messages/linked_list/${d.root_uuid}`,
      token: master.token,
    });
    expect(rest.json().messages.map((x: { text: string }) => x.text)).toEqual(['more']);
    await t.post('/api/messages/delete_sequence', master.token, { root_uuids: [d.root_uuid] });

    const c = await writeMessage(t, master.token, { subject: 'C' });
    await answer(staff.token, c.root_uuid, { text: 'Done', crm_status: 'Closed' });
    for (const [url, payload, code] of [
      ['/api/messages/delete', { messages: [c.id] }, 'MESSAGE_DELETE_DENIED'],
      ['/api/messages/delete_sequence', { root_uuids: [c.root_uuid] }, 'MESSAGE_DELETE_DENIED'],
    ] as const) {
      const res = await t.call({ method: 'POST', url, token: master.token, payload });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe(code);
      expect(res.json().messages[0]).toContain('Closed');
    }
    expect((await list(master.token, 'outbox')).json().total).toBe(1);
  });

  it('a closed case takes no reply; staff move statuses by the rules and assign to staff only', async () => {
    const { master, staff } = await setup();
    const m = await writeMessage(t, master.token);
    const status = (s: string) =>
      t.post(`/api/operator/cases/${m.root_uuid}/status`, staff.token, { crm_status: s });
    expect((await status('On Hold')).statusCode).toBe(200);
    expect((await status('External Investigating')).statusCode).toBe(200);
    expect((await status('Declined-Closed')).statusCode).toBe(200);
    const reply = await t.post('/api/messages/add', master.token, { root_uuid: m.root_uuid, text: 'Why?' });
    expect(reply.statusCode).toBe(409);
    expect(reply.json().code).toBe('MESSAGE_CASE_CLOSED');
    const back = await status('Created');
    expect(back.statusCode).toBe(409);
    expect(back.json().code).toBe('CASE_STATUS_MOVE');
    expect((await status('In Progress')).json().case.crm_status).toBe('In Progress');

    const assign = (userId: string | null) =>
      t.post(`/api/operator/cases/${m.root_uuid}/assign`, staff.token, { user_id: userId });
    expect((await assign(master.user.id)).json().code).toBe('CASE_ASSIGNEE_INVALID');
    const ok = await assign(staff.user.id);
    expect(ok.json().case.assigned_to).toBe(staff.user.id);
    const mine = await t.post('/api/operator/cases/1/10', staff.token, { assigned: 'me' });
    expect(mine.json().cases.map((c: { id: string }) => c.id)).toContain(m.root_uuid);
    const staffList = await t.call({ method: 'GET', url: '/api/operator/staff', token: staff.token });
    expect(staffList.json().staff.map((s: { id: string }) => s.id)).toContain(staff.user.id);
  });

  it('client users cannot reach the console calls', async () => {
    const { master } = await setup();
    for (const [method, url] of [
      ['POST', '/api/operator/cases/1/10'],
      ['GET', '/api/operator/staff'],
      ['POST', '/api/operator/notices'],
    ] as const) {
      const res = await t.call({ method, url, token: master.token, payload: {} });
      expect(res.statusCode, url).toBe(403);
    }
  });
});

describe('tenancy: nothing of company A is visible to company B', () => {
  it('messages, threads, attachments, deletion and read marks of A answer 404 to B', async () => {
    const a = await setup();
    const b = await setup();
    const res = await t.call({
      method: 'POST',
      url: '/api/messages/add',
      token: a.master.token,
      ...messageForm({ type: 'general', subject: 'Secret', text: 'A only' }, [
        { name: 'a.pdf', bytes: await pdf() },
      ]),
    });
    const m = res.json().message;
    await answer(a.staff.token, m.root_uuid, { text: 'Answer for A' });
    for (const folder of ['inbox', 'outbox'] as const)
      expect((await list(b.master.token, folder)).json().total).toBe(0);
    const calls = [
      { method: 'GET' as const, url: `/api/messages/linked_list/${m.id}` },
      { method: 'POST' as const, url: '/api/messages/delete', payload: { messages: [m.id] } },
      {
        method: 'POST' as const,
        url: '/api/messages/delete_sequence',
        payload: { root_uuids: [m.root_uuid] },
      },
      { method: 'POST' as const, url: '/api/messages/read_status', payload: { messages: [m.id] } },
      {
        method: 'POST' as const,
        url: `/api/files/message_attachments/get_file_s3/${m.id}`,
        payload: { file_link: m.attachments[0].file_link },
      },
      {
        method: 'POST' as const,
        url: '/api/messages/add',
        payload: { root_uuid: m.root_uuid, text: 'hijack' },
      },
    ];
    for (const c of calls) {
      const r = await t.call({ ...c, token: b.master.token });
      expect(r.statusCode, c.url).toBe(404);
      expect(r.body).not.toContain('Secret');
    }
    expect((await list(a.master.token, 'outbox')).json().total).toBe(1);
    expect(
      (await t.call({ method: 'GET', url: '/api/messages/unread_quantity', token: b.master.token })).json()
        .merchant_unreads[0].quantity,
    ).toBe(0);
  });
});
