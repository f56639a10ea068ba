import { isUuid } from '../../shared/routes/route-names.ts';

/** `{uuid, role}` when the path is a boarding page (`/:uuid/:role/...`), for boarding token refresh and login. */
export function boardingRefFromPath(pathname: string): { uuid: string; role: string } | undefined {
  const [first, second] = pathname.split('/').filter(Boolean);
  return isUuid(first) && first && second ? { uuid: first, role: second } : undefined;
}

/** The verification page keeps working during maintenance (spec §2). */
export const isVerificationPath = (pathname: string): boolean => pathname.startsWith('/verifications/');
