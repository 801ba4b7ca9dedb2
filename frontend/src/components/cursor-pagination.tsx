import { Button, Flex, Text } from '@chakra-ui/react';

import { nextPageParams, previousPageParams, readCursorPage } from '@/lib/cursor-pages';

/**
 * Previous / "Page N" / Next of a keyset-paged list kept in the URL (see lib/cursor-pages); nothing on
 * a single page. Next waits while the page shown is still the previous one (`stale`).
 */
export function CursorPagination({
  params,
  onNavigate,
  nextCursor,
  stale,
  labels,
}: {
  params: URLSearchParams;
  onNavigate: (next: URLSearchParams) => void;
  nextCursor: string | null | undefined;
  stale?: boolean;
  labels: { nav: string; previous: string; next: string; page: (number: number) => string };
}) {
  const page = readCursorPage(params);
  if (page.number <= 1 && !nextCursor) return null;
  return (
    <Flex as="nav" aria-label={labels.nav} align="center" justify="end" gap="3" mt="3">
      <Button variant="outline" size="sm" disabled={page.number <= 1} onClick={() => onNavigate(previousPageParams(params))}>
        {labels.previous}
      </Button>
      <Text fontSize="sm" aria-live="polite">
        {labels.page(page.number)}
      </Text>
      <Button variant="outline" size="sm" disabled={!nextCursor || stale} onClick={() => nextCursor && onNavigate(nextPageParams(params, nextCursor))}>
        {labels.next}
      </Button>
    </Flex>
  );
}
