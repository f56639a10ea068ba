import type { DbOrTx } from '../../db/client.ts';
import * as repo from './access.repo.ts';

/**
 * The boarding record (account, persons, contacts) as the sibling areas (boarding-docs,
 * boarding-files, verification, operator) read and change it, inside their own transactions:
 * the only way in from outside this folder; access.repo.ts stays private to it.
 */
export const boardingRecords = {
  /** A new record (operator console): the account and the boarding contact (bc) it starts with. */
  async createRecord(
    tx: DbOrTx,
    account: Parameters<typeof repo.insertAccount>[1],
    bc: Omit<Parameters<typeof repo.insertContact>[1], 'accountId'>,
  ) {
    const a = await repo.insertAccount(tx, account);
    if (!a) throw new Error('boarding account insert returned nothing');
    await repo.insertContact(tx, { accountId: a.id, ...bc });
    return a;
  },
  findAccount: repo.findAccount,
  lockAccount: repo.lockAccount,
  insertContact: repo.insertContact,
  updateContact: repo.updateContact,
  /** Deletes a contact of the account (nothing when the id belongs to another account). */
  deleteContact: repo.deleteAccountContact,
  updateAccount: repo.updateAccount,
  findContact: repo.findContact,
  listContacts: repo.listContacts,
  findPerson: repo.findPerson,
  listPersons: repo.listPersons,
  updatePersonState: repo.updatePersonState,
  markQuestionnaireSigned: repo.markQuestionnaireSigned,
  /** Makes one person the account's principal legal representative (clears the others first). */
  async choosePrincipalLr(tx: DbOrTx, accountId: string, personId: string) {
    await repo.clearPrincipalLr(tx, accountId);
    await repo.setPrincipalLr(tx, personId);
  },
};
