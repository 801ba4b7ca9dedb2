import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { makeUser, renderScreenAt } from '@/testing/test-utils';

import { defineList } from './list-state';
import { type ListHandle, useList } from './use-list';

const spec = defineList({
  id: 'use-list-test',
  filters: { method: { values: ['pix', 'billet'], multi: true } },
  search: true,
  sorts: ['-created_at', 'created_at'],
  defaultSort: '-created_at',
});

describe('list kit: useList', () => {
  it('keeps a change made before the screen renders again when a second change follows', () => {
    const seen: { list?: ListHandle } = {};
    function Screen() {
      seen.list = useList(spec);
      return null;
    }
    const { search } = renderScreenAt(<Screen />, { user: makeUser(), route: '/list?q=ana' });
    const list = seen.list as ListHandle;
    // Both from the same render's handle, as a widget kept from before the first change would call them.
    act(() => {
      list.set({ filters: { method: ['pix'] } });
      list.set({ perPage: 10 });
    });
    const params = search();
    expect(params.getAll('method')).toEqual(['pix']);
    expect(params.get('per_page')).toBe('10');
    expect(params.get('q')).toBe('ana');
  });
});
