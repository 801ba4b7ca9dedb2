import { describe, expect, it } from 'vitest';

import { addDaysIso, formatTypedLine, todayIso } from './display';

describe('display helpers', () => {
  it('groups a billet typed line as printed', () => {
    expect(formatTypedLine('23790123456000012345678901234567123450000123456')).toBe('23790.12345 60000.123456 78901.234567 1 23450000123456');
    expect(formatTypedLine('123')).toBe('123');
  });

  it('counts days in the local calendar', () => {
    expect(todayIso(new Date(2026, 0, 31, 23, 59))).toBe('2026-01-31');
    expect(addDaysIso('2026-02-27', 3)).toBe('2026-03-02');
  });
});
