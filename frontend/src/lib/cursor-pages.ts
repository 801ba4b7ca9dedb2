/**
 * Keyset pagination kept in the URL: `cursor` is the API's cursor of the page shown (none on the first
 * page) and `back` lists the cursors of the pages before it (the first page excluded), so Previous,
 * reload and a shared link all work and browser back/forward walk the pages.
 */
export const CURSOR_PARAM = 'cursor';
export const BACK_PARAM = 'back';

export type CursorPage = { cursor: string | null; back: string[]; number: number };

export function readCursorPage(params: URLSearchParams): CursorPage {
  const cursor = params.get(CURSOR_PARAM) || null;
  const back = cursor ? params.getAll(BACK_PARAM).filter(Boolean) : [];
  return { cursor, back, number: cursor ? back.length + 2 : 1 };
}

/** The URL of the next page: the current cursor goes onto the stack. */
export function nextPageParams(params: URLSearchParams, nextCursor: string): URLSearchParams {
  const { cursor, back } = readCursorPage(params);
  const next = withoutPage(params);
  for (const item of cursor ? [...back, cursor] : back) next.append(BACK_PARAM, item);
  next.set(CURSOR_PARAM, nextCursor);
  return next;
}

/** The URL of the previous page: the last cursor of the stack, or the first page. */
export function previousPageParams(params: URLSearchParams): URLSearchParams {
  const { back } = readCursorPage(params);
  const previous = withoutPage(params);
  const target = back.at(-1);
  if (target) {
    for (const item of back.slice(0, -1)) previous.append(BACK_PARAM, item);
    previous.set(CURSOR_PARAM, target);
  }
  return previous;
}

/** The same URL on the first page (after any change of filters, sort or page size). */
export function withoutPage(params: URLSearchParams): URLSearchParams {
  const copy = new URLSearchParams(params);
  copy.delete(CURSOR_PARAM);
  copy.delete(BACK_PARAM);
  return copy;
}
