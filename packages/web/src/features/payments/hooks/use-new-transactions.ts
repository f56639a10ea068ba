import {
  apiRoutes,
  fromMinor,
  isCurrencyCode,
  NOTIFICATION_CHECK_INTERVAL_MS,
  OUTBOUND_NOTIFICATION_FIRST_DELAY_MS,
  type RouteResponse,
  tryToMinor,
} from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { API_BASE, callApi } from '../../../shared/api/index.ts';
import { getToken, useSession } from '../../../shared/session/index.ts';
import { invalidateMoney, MONEY_EVENT_KINDS } from '../../../shared/freshness/index.ts';

/** Pushed events within this window are one refresh (see the stream effect). */
const PUSH_COALESCE_MS = 1500;

type Answer = RouteResponse<typeof apiRoutes.newTransactions>;
export type NewTransaction = Answer['merchant_new_transactions'][number];

/**
 * New-transaction notifications (spec §9): polled every 300000 ms, the first request delayed 3 s
 * after a reset (page load, login), and pulled at once when the server pushes a status change over
 * the event stream. The marks the server returns are sent back, so each poll asks only for news.
 */
export function useNewTransactions() {
  const session = useSession();
  const client = useQueryClient();
  const marks = useRef<{ inbound: string | null; outbound: string | null }>({
    inbound: null,
    outbound: null,
  });
  const [items, setItems] = useState<NewTransaction[]>([]);
  const [unseen, setUnseen] = useState<number>(1);
  const [isLive, setLive] = useState(false);
  const inFlight = useRef(false);
  const checkedSinceReset = useRef(false);

  const poll = useCallback(async () => {
    if (inFlight.current || !getToken()) return;
    inFlight.current = true;
    // The first check after a reset has no marks, so everything looks new; the figures on screen
    // were fetched moments ago, so only later checks refresh them (no double load on every login).
    const isFirstCheck = !checkedSinceReset.current;
    try {
      const answer = await callApi(apiRoutes.newTransactions, {
        body: {
          last_charge_date_inbound: marks.current.inbound,
          last_operation_timestamp_outbound: marks.current.outbound,
        },
      });
      marks.current = {
        inbound: answer.last_charge_date_inbound ?? marks.current.inbound,
        outbound: answer.last_operation_timestamp_outbound ?? marks.current.outbound,
      };
      if (answer.merchant_new_transactions.length > 0) {
        setItems((prev) => mergeItems(prev, answer.merchant_new_transactions));
        if (!isFirstCheck) void invalidateMoney(client);
      }
      setUnseen(answer.unseen);
      checkedSinceReset.current = true;
    } catch {
      // A missed poll is retried at the next tick; the red notification would only be noise here.
    } finally {
      inFlight.current = false;
    }
  }, [client]);

  // Reset on login / user change: the first request waits 3 s, then every 300000 ms.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new user id is a reset
  useEffect(() => {
    if (!session.isLoggedIn) return;
    marks.current = { inbound: null, outbound: null };
    checkedSinceReset.current = false;
    setItems([]);
    const first = setTimeout(() => void poll(), OUTBOUND_NOTIFICATION_FIRST_DELAY_MS);
    const every = setInterval(() => void poll(), NOTIFICATION_CHECK_INTERVAL_MS);
    return () => {
      clearTimeout(first);
      clearInterval(every);
    };
  }, [session.isLoggedIn, session.userId, poll]);

  // Immediate updates: the server pushes status changes; each one refreshes what is on screen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a refreshed token reopens the stream
  useEffect(() => {
    const token = getToken();
    if (!session.isLoggedIn || !token || typeof EventSource === 'undefined') return;
    const source = new EventSource(
      `${API_BASE}/notifications/stream?access_token=${encodeURIComponent(token)}`,
    );
    source.onopen = () => setLive(true);
    source.onerror = () => setLive(false);
    // A pushed event (settlement, status change) moved money: the freshness rule refreshes every
    // money figure of the company. Events come in bursts (a reconnect replays the backlog, a mass
    // action settles many): one refresh per burst, at most every PUSH_COALESCE_MS, not one per event.
    let timer: ReturnType<typeof setTimeout> | null = null;
    const onChange = () => {
      if (timer !== null) return;
      timer = setTimeout(() => {
        timer = null;
        void invalidateMoney(client);
        void poll();
      }, PUSH_COALESCE_MS);
    };
    source.onmessage = onChange;
    for (const kind of MONEY_EVENT_KINDS) source.addEventListener(kind, onChange as EventListener);
    // Counters of other areas (unread messages, notices): their keys start with ['push', kind].
    for (const kind of ['messages', 'notices'])
      source.addEventListener(kind, () => void client.invalidateQueries({ queryKey: ['push', kind] }));
    return () => {
      if (timer !== null) clearTimeout(timer);
      source.close();
      setLive(false);
    };
  }, [session.isLoggedIn, session.token, client, poll]);

  const markSeen = useCallback(async (panel: 'inbound' | 'outbound' | 'all') => {
    try {
      const answer = await callApi(apiRoutes.markNotificationsSeen, { body: { panel } });
      setUnseen(answer.unseen);
      checkedSinceReset.current = true;
    } catch {
      // the flag stays; the next poll brings the server's value
    }
  }, []);

  return { items, unseen, isLive, markSeen, clear: () => setItems([]) };
}

/** Sum of two decimal strings in minor units (bigint), never through floats. */
function addDecimal(a: string, b: string, currency: string): string {
  if (!isCurrencyCode(currency)) return b;
  const x = tryToMinor(a, currency);
  const y = tryToMinor(b, currency);
  return x.ok && y.ok ? fromMinor(x.value + y.value, currency) : b;
}

function mergeItems(prev: NewTransaction[], next: NewTransaction[]): NewTransaction[] {
  const key = (i: NewTransaction) => `${i.merchant_id}|${i.direction}|${i.currency}`;
  const out = new Map(prev.map((i) => [key(i), i]));
  for (const item of next) {
    const old = out.get(key(item));
    out.set(
      key(item),
      old
        ? {
            ...item,
            quantity: old.quantity + item.quantity,
            amount: addDecimal(old.amount, item.amount, item.currency),
          }
        : item,
    );
  }
  return [...out.values()];
}
