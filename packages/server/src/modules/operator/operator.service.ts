import {
  CLIENT_USER_RIGHTS,
  isReadyForGoLive,
  OFFER_STATUS,
  buildChecklist,
  type PlatformLabel,
} from '@portal/domain';
import { inTransaction } from '../../db/tx.ts';
import { type AppDeps, service } from '../../deps.ts';
import { DomainError } from '../../http/errors.ts';
import { appendAudit } from '../audit/audit.service.ts';
import type { AccessService, AccountRow } from '../boarding/access.service.ts';
import type { FormsService } from '../boarding/forms.service.ts';
import type { OverviewService } from '../boarding/overview.service.ts';
import type { DocsService } from '../boarding-docs/docs.service.ts';
import type { FilesService } from '../boarding-files/files.service.ts';
import * as repo from './operator.repo.ts';

type Meta = { ip: string; userAgent: string };

export interface OperatorDeps {
  access: AccessService;
  forms: FormsService;
  files: FilesService;
  docs: DocsService;
  overview: OverviewService;
}

export function createOperatorService(deps: AppDeps, s: OperatorDeps) {
  const { db, clock } = deps;
  const access = s.access.records;

  async function row(a: AccountRow) {
    const list = await s.overview.checklist(a.id);
    return {
      uuid: a.id,
      account_name: a.name,
      partner: a.partner,
      state: a.state,
      app_form_status: a.appFormStatus,
      review_status: a.reviewStatus,
      checklist_done: list.filter((e) => e.done).length,
      checklist_total: list.length,
      created: a.createdAt.toISOString(),
      merchant_id: a.merchantId,
    };
  }

  async function record(uuid: string) {
    const a = await access.findAccount(db, uuid);
    if (!a) throw new DomainError('NOT_FOUND');
    return a;
  }

  return {
    async create(
      input: {
        company_name: string;
        contact_email: string;
        contact_first_name: string;
        contact_last_name: string;
        partner?: string;
        platform?: PlatformLabel;
      },
      adminId: string,
      meta: Meta,
    ) {
      const account = await inTransaction(db, async (tx) => {
        const a = await access.createRecord(
          tx,
          {
            name: input.company_name,
            partner: input.partner || null,
            platform: input.platform ?? 'UK',
            createdBy: adminId,
            createdAt: clock.now(),
          },
          {
            email: input.contact_email.toLowerCase(),
            firstName: input.contact_first_name,
            lastName: input.contact_last_name,
            isBc: true,
          },
        );
        await appendAudit(tx, {
          actorType: 'admin',
          actorId: adminId,
          action: 'boarding.created',
          subjectType: 'boarding',
          subjectId: a.id,
          ...meta,
          details: { name: a.name },
        });
        return a;
      });
      await deps.mail.send({
        to: input.contact_email,
        subject: `${input.company_name}: start your boarding`,
        text: `Dear ${input.contact_first_name} ${input.contact_last_name},\n\nWelcome! Open your boarding link, set your password and complete the application:\n${deps.config.publicUrl}/brd/${account.id}/bc\n`,
        kind: 'boarding-link',
      });
      return account.id;
    },

    async list(
      page: number,
      rows: number,
      filter: { filter_value?: string; state?: 'in_progress' | 'live' },
    ) {
      const r = await repo.listAccounts(db, {
        name: filter.filter_value,
        state: filter.state,
        limit: rows,
        offset: (page - 1) * rows,
      });
      return { rows: await Promise.all(r.rows.map(row)), total: r.total };
    },

    async get(uuid: string) {
      const a = await record(uuid);
      const files = await s.files.list(uuid, 1, 1000);
      return {
        record: await row(a),
        forms: await s.forms.view(uuid),
        files: files.files,
        offers: await s.docs.listOffers(uuid),
        contracts: await s.docs.listContracts(uuid),
        invoice: await s.docs.invoice(uuid),
        signatures: await s.docs.listSignatures(uuid),
        checklist: await s.overview.checklist(uuid),
      };
    },

    async internalCheck(
      uuid: string,
      decision: 'approve' | 'decline',
      comment: string | undefined,
      adminId: string,
      meta: Meta,
    ) {
      return inTransaction(db, async (tx) => {
        const a = await access.lockAccount(tx, uuid);
        if (!a) throw new DomainError('NOT_FOUND');
        if (a.state === 'live') throw new DomainError('BOARDING_FINISHED');
        if (a.appFormStatus !== 'submitted' || a.reviewStatus === 'Approved')
          throw new DomainError('BOARDING_STATE', {
            reason: 'the forms are not waiting for the internal check',
          });
        const next =
          decision === 'approve'
            ? ({ reviewStatus: 'Approved', appFormStatus: 'submitted' } as const)
            : ({ reviewStatus: 'Declined', appFormStatus: 'draft' } as const);
        await access.updateAccount(tx, uuid, {
          ...next,
          internalCheckAt: clock.now(),
          internalCheckBy: adminId,
        });
        if (comment)
          await s.files.addComment(tx, {
            accountId: uuid,
            subjectType: 'forms',
            subjectId: uuid,
            author: 'operator',
            text: comment,
          });
        await appendAudit(tx, {
          actorType: 'admin',
          actorId: adminId,
          action: `boarding.internal_check.${decision}`,
          subjectType: 'boarding',
          subjectId: uuid,
          ...meta,
          details: { comment: comment ?? null },
        });
        return { review_status: next.reviewStatus, app_form_status: next.appFormStatus };
      });
    },

    /**
     * Go-live (operator): only with every checklist item done. One transaction creates the live
     * company, its wallets in the offer's currencies and the Master User's invitation, converts
     * the offer and closes boarding, whose links then answer 'Access is blocked …'.
     */
    async goLive(uuid: string, adminId: string, meta: Meta) {
      const { facts, persons, offers } = await s.overview.facts(uuid);
      const list = buildChecklist(facts);
      const a = await record(uuid);
      if (a.state === 'live') throw new DomainError('BOARDING_FINISHED');
      if (!isReadyForGoLive(list))
        throw new DomainError('GO_LIVE_NOT_READY', {
          items: list
            .filter((e) => !e.done)
            .map((e) => e.item)
            .join(', '),
        });
      const offer = offers.find((o) => o.status === OFFER_STATUS.approved);
      const master = persons.find((p) => p.isPrincipalSigner) ?? persons.find((p) => p.isAs);
      if (!master) throw new DomainError('noPrincipal');
      const currencies = offer?.letter.currencies ?? ['EUR'];
      const users = service(deps, 'users');
      const wallets = service(deps, 'wallets');
      const merchantId = await inTransaction(db, async (tx) => {
        const locked = await access.lockAccount(tx, uuid);
        if (!locked || locked.state === 'live') throw new DomainError('BOARDING_FINISHED');
        const c = a.company;
        const company = await users.createCompany(tx, {
          name: c.company_name ?? a.name,
          platform: a.platform,
          additionalData: {
            company_name: c.company_name ?? a.name,
            company_street: c.legal_address?.street ?? '',
            company_country_code: c.legal_address?.country ?? '',
            company_city: c.legal_address?.city ?? '',
            company_state: c.legal_address?.state ?? '',
            company_zip: c.legal_address?.zip ?? '',
          },
        });
        await wallets.openCompanyWallets(tx, { merchantId: company.id, currencies, platform: a.platform });
        await users.inviteUser(tx, {
          merchantId: company.id,
          email: master.email,
          firstName: master.firstName,
          lastName: master.lastName,
          kind: 'master',
          rights: [...CLIENT_USER_RIGHTS],
          mfaRequired: true,
          invitedBy: adminId,
        });
        if (offer) await s.docs.markOfferConverted(tx, offer.id);
        await access.updateAccount(tx, uuid, {
          state: 'live',
          merchantId: company.id,
          goLiveAt: clock.now(),
          goLiveBy: adminId,
        });
        await s.access.revokeAll(tx, uuid);
        await appendAudit(tx, {
          actorType: 'admin',
          actorId: adminId,
          action: 'boarding.go_live',
          subjectType: 'boarding',
          subjectId: uuid,
          ...meta,
          details: { merchantId: company.id, currencies },
        });
        return company.id;
      });
      return { merchant_id: merchantId, master_email: master.email };
    },
  };
}

export type OperatorService = ReturnType<typeof createOperatorService>;
