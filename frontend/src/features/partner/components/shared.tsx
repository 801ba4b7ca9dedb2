import { Text } from '@chakra-ui/react';

import { formatDateTime } from '@/lib/format';

export const NONE = '—';

export function when(iso: string, locale: string): string {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : formatDateTime(Math.floor(ms / 1000), locale);
}

/** A row's client: its name, and its slug under it. */
export function ClientCell({ name, slug }: { name: string; slug: string }) {
  return (
    <>
      <Text>{name}</Text>
      <Text color="fg.muted" fontSize="xs">
        {slug}
      </Text>
    </>
  );
}
