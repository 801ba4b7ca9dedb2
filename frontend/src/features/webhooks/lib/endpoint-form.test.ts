import { describe, expect, it } from 'vitest';

import { webhooksMessages as m } from '../messages';
import { groupEventTypes, validateEndpointForm } from './endpoint-form';

describe('validateEndpointForm', () => {
  it('asks for a URL and at least one event', () => {
    expect(validateEndpointForm({ url: ' ', events: [] }).errors).toEqual({ url: m.urlRequired, events: m.eventsRequired });
  });
  it('refuses what is not an http(s) URL', () => {
    expect(validateEndpointForm({ url: 'ftp://x.example', events: ['deposit.created'] }).errors).toEqual({ url: m.urlInvalid });
    expect(validateEndpointForm({ url: `https://x.example/${'a'.repeat(500)}`, events: ['deposit.created'] }).errors).toEqual({ url: m.urlInvalid });
  });
  it('answers the trimmed body', () => {
    expect(validateEndpointForm({ url: ' https://shop.example/hooks ', events: ['deposit.confirmed'] }).body).toEqual({ url: 'https://shop.example/hooks', events: ['deposit.confirmed'] });
  });
});

describe('groupEventTypes', () => {
  it('groups by kind in order', () => {
    expect(groupEventTypes(['deposit.created', 'deposit.confirmed', 'payout.rejected'])).toEqual([
      ['deposit', ['deposit.created', 'deposit.confirmed']],
      ['payout', ['payout.rejected']],
    ]);
  });
});
