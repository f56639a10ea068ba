import type { PersonView } from '@portal/domain';
import type { AppDeps } from '../../deps.ts';
import * as access from './access.repo.ts';

/** JSON with sorted keys: jsonb reorders keys, so stored and incoming data compare by content. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v)
            .filter(([, x]) => x !== undefined)
            .sort(([a], [b]) => a.localeCompare(b)),
        )
      : v,
  );
}

export function personView(row: access.PersonRow): PersonView {
  return {
    ...row.data,
    id: row.id,
    is_principal_signer: row.isPrincipalSigner,
    is_principal_legal_rep: row.isPrincipalLegalRep,
    verification_status: row.verificationStatus,
    verified: row.verificationStatus === 'ACCEPTED',
    questionnaire_signed: !!row.questionnaireSignedAt,
    data_mismatch: row.dataMismatch,
  };
}

/** After submit, authorized signatories and legal representatives get their own boarding links. */
export async function sendRoleLinks(deps: AppDeps, accountId: string, accountName: string) {
  const contacts = await access.listContacts(deps.db, accountId);
  const persons = new Map((await access.listPersons(deps.db, accountId)).map((x) => [x.id, x]));
  for (const c of contacts) {
    const person = c.personId ? persons.get(c.personId) : undefined;
    for (const role of ['as', 'lr'] as const) {
      if (!(role === 'as' ? person?.isAs : person?.isLr)) continue;
      await deps.mail.send({
        to: c.email,
        subject: `${accountName}: your boarding link`,
        text: `Dear ${c.firstName} ${c.lastName},\n\nYou are named as ${role === 'as' ? 'an authorized signatory' : 'a legal representative'} of ${accountName}. Open your boarding link to take part in the boarding process:\n${deps.config.publicUrl}/brd/${accountId}/${role}\n`,
        kind: 'boarding-link',
      });
    }
  }
}
