/** The confirmation fields of a request body (spec §7: challenge, password digest, secret code). */
export interface ConfirmationBody {
  challenge_id: string;
  password: string;
  secret_code: string;
}

/** What the services check a confirmation with (the confirmations module's ScaProof). */
export interface ConfirmationProof {
  challengeId: string;
  password: string;
  code: string;
}

export const proofOf = (body: ConfirmationBody): ConfirmationProof => ({
  challengeId: body.challenge_id,
  password: body.password,
  code: body.secret_code,
});

/** The proof when the body carries all three fields (calls that only sometimes need one), else undefined. */
export function proofIfGiven(body: Partial<ConfirmationBody>): ConfirmationProof | undefined {
  const { challenge_id, password, secret_code } = body;
  return challenge_id && password && secret_code
    ? proofOf({ challenge_id, password, secret_code })
    : undefined;
}
