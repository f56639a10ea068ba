import { describe, expect, it } from 'vitest';
import { CASE_STATUSES, CREATION_SOURCE, FINAL_CASE_STATUSES, MESSAGE_PRIORITIES } from './messages.ts';

describe('message enums', () => {
  it('spells case statuses as the spec shows them: capitalised words, from Created to the final ones', () => {
    expect(CASE_STATUSES).toHaveLength(6);
    expect(new Set(CASE_STATUSES).size).toBe(CASE_STATUSES.length);
    for (const status of CASE_STATUSES) expect(status).toMatch(/^[A-Z][a-z]+(?:[ -][A-Z][a-z]+)*$/);
    expect(CASE_STATUSES[0]).toBe('Created');
    expect(CASE_STATUSES.slice(-FINAL_CASE_STATUSES.length)).toEqual([...FINAL_CASE_STATUSES]);
  });
  it('has priorities and the creation source', () => {
    expect(MESSAGE_PRIORITIES).toEqual(['high', 'medium', 'low']);
    expect(CREATION_SOURCE).toBe('FRONT_7');
  });
});
