import type { OfferLetter, PersonInput } from '@portal/domain';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  boardingAccounts,
  boardingContacts,
  boardingContracts,
  boardingFiles,
  boardingInvoices,
  boardingOffers,
  boardingPersons,
  merchantPaymentMethodSettings,
  merchants,
  payments,
  userGroups,
  users,
} from '../../db/schema/index.ts';

/** The company's boarding record (the newest when there are several). */
export async function boardingAccountOf(db: DbOrTx, merchantId: string) {
  const [row] = await db
    .select({ id: boardingAccounts.id, state: boardingAccounts.state })
    .from(boardingAccounts)
    .where(eq(boardingAccounts.merchantId, merchantId))
    .orderBy(desc(boardingAccounts.createdAt))
    .limit(1);
  return row;
}

/** Serialises contact changes of one record (the each-type rule is checked on the final list). */
export async function lockAccount(db: DbOrTx, id: string) {
  await db
    .select({ id: boardingAccounts.id })
    .from(boardingAccounts)
    .where(eq(boardingAccounts.id, id))
    .for('update');
}

export type ContactRow = typeof boardingContacts.$inferSelect;

export async function contactsOf(db: DbOrTx, accountId: string) {
  return db.select().from(boardingContacts).where(eq(boardingContacts.accountId, accountId));
}

export async function personsOf(db: DbOrTx, accountId: string) {
  return db
    .select({
      id: boardingPersons.id,
      firstName: boardingPersons.firstName,
      lastName: boardingPersons.lastName,
      email: boardingPersons.email,
      isAs: boardingPersons.isAs,
      isLr: boardingPersons.isLr,
      isBo: boardingPersons.isBo,
      data: boardingPersons.data,
    })
    .from(boardingPersons)
    .where(eq(boardingPersons.accountId, accountId));
}

/** A contact only when it belongs to `accountId`: another company's id finds nothing. */
export async function findContact(db: DbOrTx, accountId: string, id: string) {
  const [row] = await db
    .select()
    .from(boardingContacts)
    .where(and(eq(boardingContacts.id, id), eq(boardingContacts.accountId, accountId)));
  return row;
}

/** Whether an email is used by another contact or a related person of the record (spec §5). */
export async function emailUsers(db: DbOrTx, accountId: string, email: string) {
  const contacts = await db
    .select({ id: boardingContacts.id })
    .from(boardingContacts)
    .where(and(eq(boardingContacts.accountId, accountId), sql`lower(${boardingContacts.email}) = ${email}`));
  const persons = await db
    .select({ id: boardingPersons.id })
    .from(boardingPersons)
    .where(and(eq(boardingPersons.accountId, accountId), sql`lower(${boardingPersons.email}) = ${email}`));
  return { contactIds: contacts.map((c) => c.id), personIds: persons.map((p) => p.id) };
}

export async function merchantOf(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ platform: merchants.platform, serviceCode: merchants.serviceCode })
    .from(merchants)
    .where(eq(merchants.id, id));
  return row;
}

/** Account managers: active links of users to the CSM group (spec §2 account managers with group links). */
export async function accountManagers(db: DbOrTx) {
  return db
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(userGroups)
    .innerJoin(users, eq(users.id, userGroups.userId))
    .where(
      and(
        eq(userGroups.groupCode, 'CSM'),
        eq(userGroups.status, 1),
        inArray(users.status, ['registered', 'activated']),
      ),
    )
    .orderBy(users.email);
}

export async function methodSettingsOf(db: DbOrTx, merchantId: string) {
  return db
    .select({
      direction: merchantPaymentMethodSettings.direction,
      method: merchantPaymentMethodSettings.method,
      enabled: merchantPaymentMethodSettings.enabled,
    })
    .from(merchantPaymentMethodSettings)
    .where(eq(merchantPaymentMethodSettings.merchantId, merchantId));
}

/** The offer the company accepted (approved or converted), newest first. */
export async function acceptedOffer(db: DbOrTx, accountId: string) {
  const [row] = await db
    .select({ number: boardingOffers.number, letter: boardingOffers.letter })
    .from(boardingOffers)
    .where(and(eq(boardingOffers.accountId, accountId), inArray(boardingOffers.status, [3, 4])))
    .orderBy(desc(boardingOffers.createdAt))
    .limit(1);
  return row;
}

/** The newest version of each uploaded file type. */
export async function latestFiles(db: DbOrTx, accountId: string) {
  return db
    .selectDistinctOn([boardingFiles.fileType], {
      fileType: boardingFiles.fileType,
      fileName: boardingFiles.fileName,
      status: boardingFiles.status,
      expiresAt: boardingFiles.expiresAt,
    })
    .from(boardingFiles)
    .where(eq(boardingFiles.accountId, accountId))
    .orderBy(boardingFiles.fileType, desc(boardingFiles.version));
}

/** Pay-outs created and waiting for an approver, per currency. */
export async function awaitingApproval(db: DbOrTx, merchantId: string) {
  return db
    .select({
      currency: payments.currency,
      count: sql<number>`count(*)::int`,
      amount: sql<string>`sum(${payments.amount})::text`,
    })
    .from(payments)
    .where(
      and(
        eq(payments.merchantId, merchantId),
        eq(payments.direction, 'outbound'),
        eq(payments.status, 'created'),
      ),
    )
    .groupBy(payments.currency)
    .orderBy(payments.currency);
}

export interface LiveRecordSeed {
  merchantId: string;
  now: Date;
  person: PersonInput;
  contacts: {
    email: string;
    firstName: string;
    lastName: string;
    position: string;
    phone: string;
    technical?: boolean;
    financial?: boolean;
    compliance?: boolean;
    onlineBanking?: boolean;
  }[];
  offer: OfferLetter;
  files: { fileType: string; fileName: string; createdAt: Date; expiresAt: Date }[];
  /** When the boarding steps were done and the company went live; `now` when absent. */
  wentLiveAt?: Date;
}

/** Demo data: a boarding record that went live for a company (seed only). */
export async function seedLiveBoardingRecord(db: DbOrTx, s: LiveRecordSeed) {
  const live = s.wentLiveAt ?? s.now;
  const [account] = await db
    .insert(boardingAccounts)
    .values({
      name: s.offer.client,
      state: 'live',
      appFormStatus: 'signed',
      reviewStatus: 'Approved',
      company: { company_name: s.offer.client },
      internalCheckAt: live,
      verLinksSentAt: live,
      merchantId: s.merchantId,
      goLiveAt: live,
    })
    .returning({ id: boardingAccounts.id });
  if (!account) throw new Error('demo live boarding record not created');
  const [person] = await db
    .insert(boardingPersons)
    .values({
      accountId: account.id,
      data: s.person,
      firstName: s.person.first_name,
      lastName: s.person.last_name,
      email: s.person.email,
      isAs: !!s.person.is_as,
      isLr: !!s.person.is_lr,
      isBo: !!s.person.is_bo,
      isPrincipalSigner: true,
      isPrincipalLegalRep: true,
      verificationStatus: 'ACCEPTED',
      verifiedAt: live,
      questionnaireSignedAt: live,
    })
    .returning({ id: boardingPersons.id });
  if (!person) throw new Error('demo person not created');
  await db.insert(boardingContacts).values([
    {
      accountId: account.id,
      personId: person.id,
      email: s.person.email,
      firstName: s.person.first_name,
      lastName: s.person.last_name,
      position: s.person.position ?? null,
      isBc: true,
      notifyFinancial: true,
    },
    ...s.contacts.map((c) => ({
      accountId: account.id,
      email: c.email,
      firstName: c.firstName,
      lastName: c.lastName,
      position: c.position,
      phone: c.phone,
      notifyTechnical: !!c.technical,
      notifyFinancial: !!c.financial,
      notifyCompliance: !!c.compliance,
      notifyOnlineBanking: !!c.onlineBanking,
    })),
  ]);
  await db.insert(boardingOffers).values({
    accountId: account.id,
    number: `OF-${account.id.slice(0, 8).toUpperCase()}`,
    status: 4,
    letter: s.offer,
    decidedAt: live,
  });
  await db.insert(boardingInvoices).values({
    accountId: account.id,
    number: `INV-${account.id.slice(0, 8).toUpperCase()}`,
    amountMinor: 150_000n,
    currency: 'GBP',
    status: 'paid',
    issuedAt: live,
    paidAt: live,
    paymentReference: 'Boarding fee',
  });
  await db.insert(boardingContracts).values({
    accountId: account.id,
    number: `CT-${account.id.slice(0, 8).toUpperCase()}`,
    type: 'main',
    status: 3,
    signedAt: live,
  });
  await db.insert(boardingFiles).values(
    s.files.map((file) => ({
      accountId: account.id,
      fileType: file.fileType,
      fileName: file.fileName,
      ext: 'pdf' as const,
      version: 1,
      sizeBytes: 0,
      sha256: '0'.repeat(64),
      storageKey: `demo/${account.id}/${file.fileName}`,
      status: 4,
      createdAt: file.createdAt,
      expiresAt: file.expiresAt,
    })),
  );
  return account.id;
}
