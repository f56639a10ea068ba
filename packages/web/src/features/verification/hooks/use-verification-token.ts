import { useState } from 'react';
import { readVerificationToken, storeVerificationToken } from '../api.ts';

/** The person's verification token, kept in session storage so a reload keeps the progress. */
export function useVerificationToken(contactUuid: string): [string | null, (token: string | null) => void] {
  const [token, setToken] = useState(() => readVerificationToken(contactUuid));
  const update = (next: string | null) => {
    storeVerificationToken(contactUuid, next);
    setToken(next);
  };
  return [token, update];
}
