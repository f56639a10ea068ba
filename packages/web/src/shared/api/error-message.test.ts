import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError, toApiError } from './api-error.ts';
import { errorMessage } from './error-message.ts';

// A stand-in for i18next: returns "key|param=value,..." so the tests see which text and params were chosen.
const t = ((key: string, params?: Record<string, unknown>) =>
  params
    ? `${key}|${Object.entries(params)
        .map(([k, v]) => `${k}=${String(v)}`)
        .join(',')}`
    : key) as unknown as TFunction;

describe('errorMessage (spec §8 display rule)', () => {
  it('shows the NetworkError text when there was no answer', () => {
    expect(errorMessage(new NetworkError(new TypeError('Failed to fetch')), t)).toBe('errors:NetworkError');
  });

  it('shows the server-error text with the support email for status ≥ 500', () => {
    const error = toApiError(500, { code: 'INTERNAL', messages: ['db down'] });
    expect(errorMessage(error, t)).toBe('errors:INTERNAL|supportEmail=support@clearline.example');
  });

  it('shows the server-error text when there is no message', () => {
    expect(errorMessage(toApiError(417, { code: 'VALIDATION', messages: [] }), t)).toMatch(
      /^errors:INTERNAL/,
    );
  });

  it('defaults a missing or non-error status to 500', () => {
    expect(toApiError(undefined, {}).status).toBe(500);
    expect(toApiError(200, { success: false }).status).toBe(500);
  });

  it('translates a single message of a catalogue code, with its params', () => {
    const error = toApiError(404, {
      code: 'ROUTE_NOT_FOUND',
      messages: ['No such call'],
      params: { method: 'GET', path: '/x' },
    });
    expect(errorMessage(error, t)).toBe(
      'errors:ROUTE_NOT_FOUND|supportEmail=support@clearline.example,method=GET,path=/x',
    );
  });

  it('falls back to the server text when a catalogue placeholder has no param', () => {
    const error = toApiError(404, { code: 'ROUTE_NOT_FOUND', messages: ['No such call: GET /x.'] });
    expect(errorMessage(error, t)).toBe('No such call: GET /x.');
  });

  it('joins several messages, and messages of unknown codes, with ", "', () => {
    expect(errorMessage(toApiError(417, { code: 'VALIDATION', messages: ['a', 'b'] }), t)).toBe('a, b');
    expect(errorMessage(toApiError(424, { code: 'SOMETHING_NEW', messages: ['only this'] }), t)).toBe(
      'only this',
    );
  });

  it('keeps fields, params and request id', () => {
    const error = toApiError(417, {
      code: 'VALIDATION',
      messages: ['x'],
      fields: { iban: 'bad' },
      requestId: 'r-1',
    });
    expect(error).toBeInstanceOf(ApiError);
    expect(error.fields).toEqual({ iban: 'bad' });
    expect(error.requestId).toBe('r-1');
    expect(toApiError(403, { code: 'MAINTENANCE', messages: ['m'] }).isMaintenance).toBe(true);
  });
});
