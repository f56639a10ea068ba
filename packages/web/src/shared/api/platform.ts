import {
  apiRoutes,
  PROVIDER_ENTITIES,
  platformFromHost,
  type ProviderEntity,
  type RouteResponse,
} from '@portal/domain';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { callApi } from './client.ts';
import { setSupportEmailSource } from './error-message.ts';

export type PlatformInfo = RouteResponse<typeof apiRoutes.platform>;

export const PLATFORM_POLL_MS = 60_000;
export const platformQueryKey = ['platform'] as const;

/** The provider entity by host, known before /api/platform answers (same rule as the server). */
export const hostPlatform = (): ProviderEntity =>
  PROVIDER_ENTITIES[platformFromHost(globalThis.location?.host)];

/**
 * GET /api/platform, polled every 60 s (maintenance banner, spec §2). Failures are not notified:
 * a failing poll every minute would bury the user in red; the banner simply keeps its last state.
 */
export function usePlatform() {
  return useQuery<PlatformInfo>({
    queryKey: platformQueryKey,
    queryFn: ({ signal }) => callApi(apiRoutes.platform, { signal }),
    refetchInterval: PLATFORM_POLL_MS,
    refetchIntervalInBackground: true,
    retry: 1,
    staleTime: 30_000,
  });
}

/** Makes error texts use the support email of the platform the server reported. */
export function connectSupportEmail(queryClient: QueryClient): void {
  setSupportEmailSource(
    () => queryClient.getQueryData<PlatformInfo>(platformQueryKey)?.platform.support.email,
  );
}
