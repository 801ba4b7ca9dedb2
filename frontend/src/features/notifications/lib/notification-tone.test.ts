import { describe, expect, it } from 'vitest';

import { notificationTone } from './notification-tone';

describe('notification icon rule', () => {
  it('is danger when the type id is 4', () => {
    expect(notificationTone({ type: { id: 4 }, status: 1 })).toBe('danger');
  });
  it('is danger when the status is 0', () => {
    expect(notificationTone({ type: { id: 1 }, status: 0 })).toBe('danger');
  });
  it('is success otherwise', () => {
    expect(notificationTone({ type: { id: 1 }, status: 1 })).toBe('success');
    expect(notificationTone({ type: { id: 3 }, status: 2 })).toBe('success');
  });
});
