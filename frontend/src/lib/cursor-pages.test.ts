import { describe, expect, it } from 'vitest';

import { nextPageParams, previousPageParams, readCursorPage, withoutPage } from './cursor-pages';

describe('cursor pages in the URL', () => {
  it('walks forward and back through a stack of cursors, keeping other parameters', () => {
    const first = new URLSearchParams('status=pending&sort=-amount');
    expect(readCursorPage(first)).toEqual({ cursor: null, back: [], number: 1 });

    const second = nextPageParams(first, 'c1');
    expect(second.toString()).toBe('status=pending&sort=-amount&cursor=c1');
    expect(readCursorPage(second).number).toBe(2);

    const third = nextPageParams(second, 'c2');
    expect(readCursorPage(third)).toEqual({ cursor: 'c2', back: ['c1'], number: 3 });

    const backToSecond = previousPageParams(third);
    expect(readCursorPage(backToSecond)).toEqual({ cursor: 'c1', back: [], number: 2 });
    expect(backToSecond.get('status')).toBe('pending');

    const backToFirst = previousPageParams(backToSecond);
    expect(backToFirst.toString()).toBe('status=pending&sort=-amount');
  });

  it('ignores a stack without a cursor and drops the page on request', () => {
    expect(readCursorPage(new URLSearchParams('back=x'))).toEqual({ cursor: null, back: [], number: 1 });
    expect(withoutPage(new URLSearchParams('q=ana&cursor=c2&back=c1')).toString()).toBe('q=ana');
  });
});
