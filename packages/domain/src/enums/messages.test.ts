import { describe, expect, it } from 'vitest';
import { CASE_STATUSES, CREATION_SOURCE, FINAL_CASE_STATUSES, MESSAGE_PRIORITIES } from './messages.ts';

describe('message enums', () => {
  it('spells case statuses as the spec shows them', () => {
    expect(CASE_STATUSES).toEqual([
      'Created',
      'In Progress',
      'On Hold',
      'External Investigating',
      'Closed',
      'Declined-Closed',
    ]);
    for (const status of FINAL_CASE_STATUSES) expect(CASE_STATUSES).toContain(status);
  });
  it('has priorities and the creation source', () => {
    expect(MESSAGE_PRIORITIES).toEqual(['high', 'medium', 'low']);
    expect(CREATION_SOURCE).toBe('FRONT_7');
  });
});
