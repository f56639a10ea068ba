import { EventEmitter } from 'node:events';

/**
 * A small hook of the notification stream for other areas (messages, notices): `emitCompanyEvent`
 * tells every open stream of a company (or of everyone, merchantId '*') that something of `kind`
 * changed; the browser then refetches that kind's counters. Only the kind travels, never data.
 * Transport: PostgreSQL NOTIFY on channel portal_push (event-hub.ts), so streams held by every server
 * process get it; the in-process bus below only serves a process without the stream module.
 * Call it after the change committed.
 */
const bus = new EventEmitter();
bus.setMaxListeners(0);

export type CompanyEventKind = 'messages' | 'notices';

type Publisher = (merchantId: string, kind: CompanyEventKind) => Promise<void>;
const publishers = new Set<Publisher>();

/** The stream module installs its hub's publish here; returns the removal function. */
export function usePushPublisher(publish: Publisher): () => void {
  publishers.add(publish);
  return () => publishers.delete(publish);
}

export function emitCompanyEvent(merchantId: string | '*', kind: CompanyEventKind): void {
  if (publishers.size === 0) {
    bus.emit('event', merchantId, kind);
    return;
  }
  for (const publish of publishers)
    void publish(merchantId, kind).catch(() => bus.emit('event', merchantId, kind));
}

/** Subscribes one stream; returns the unsubscribe function. */
export function onCompanyEvent(merchantId: string, listener: (kind: CompanyEventKind) => void): () => void {
  const handler = (m: string, kind: CompanyEventKind) => {
    if (m === merchantId || m === '*') listener(kind);
  };
  bus.on('event', handler);
  return () => bus.off('event', handler);
}
