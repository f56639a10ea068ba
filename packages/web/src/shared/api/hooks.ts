import type { RouteDef, RouteResponse } from '@portal/domain';
import {
  type QueryKey,
  type UseMutationOptions,
  type UseQueryOptions,
  useMutation,
  useQuery,
} from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type CallOptions, callApi } from './client.ts';
import { notifyError, type NotifyErrorOptions } from './notify.ts';

/** Stable query key of a route call: method, path template, then the call's inputs. */
export const routeKey = <R extends RouteDef>(route: R, options: CallOptions<R> = {}): QueryKey => [
  route.method,
  route.path,
  options.params ?? null,
  options.query ?? null,
  options.body ?? null,
];

type QueryExtras<R extends RouteDef> = Omit<
  UseQueryOptions<RouteResponse<R>, Error>,
  'queryKey' | 'queryFn'
> & {
  queryKey?: QueryKey;
  /** Show failures as a red notification (default true). */
  notify?: boolean | NotifyErrorOptions;
};

/** `useQuery` over a route of the table; failures are shown as a red notification unless `notify: false`. */
export function useApiQuery<R extends RouteDef>(
  route: R,
  call: CallOptions<R> = {},
  extras: QueryExtras<R> = {},
) {
  const { t } = useTranslation();
  const { notify = true, queryKey, ...options } = extras;
  return useQuery<RouteResponse<R>, Error>({
    queryKey: queryKey ?? routeKey(route, call),
    queryFn: async ({ signal }) => {
      try {
        return await callApi(route, { ...call, signal });
      } catch (error) {
        if (notify && !signal.aborted) notifyError(error, t, typeof notify === 'object' ? notify : {});
        throw error;
      }
    },
    ...options,
  });
}

type Variables<R extends RouteDef> = Omit<CallOptions<R>, 'signal'>;

type MutationExtras<R extends RouteDef> = Omit<
  UseMutationOptions<RouteResponse<R>, Error, Variables<R>>,
  'mutationFn'
> & {
  notify?: boolean | NotifyErrorOptions;
};

/** One Idempotency-Key per `mutate` call: TanStack retries reuse the variables object, so they reuse the key. */
const idempotencyKeys = new WeakMap<object, string>();
const keyFor = (variables: object): string => {
  let key = idempotencyKeys.get(variables);
  if (!key) {
    key = crypto.randomUUID();
    idempotencyKeys.set(variables, key);
  }
  return key;
};

/**
 * `useMutation` over a route of the table; failures are shown as a red notification unless `notify: false`.
 * Idempotent (money-moving) routes send one key for a `mutate` and all its retries, so money moves once.
 */
export function useApiMutation<R extends RouteDef>(route: R, extras: MutationExtras<R> = {}) {
  const { t } = useTranslation();
  const { notify = true, onError, ...options } = extras;
  return useMutation<RouteResponse<R>, Error, Variables<R>>({
    ...options,
    mutationFn: (variables) =>
      callApi(route, {
        ...variables,
        idempotencyKey: variables.idempotencyKey ?? (route.idempotent ? keyFor(variables) : undefined),
      } as CallOptions<R>),
    onError: (...args) => {
      if (notify) notifyError(args[0], t, typeof notify === 'object' ? notify : {});
      return onError?.(...args);
    },
  });
}
