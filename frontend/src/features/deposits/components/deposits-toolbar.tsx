import { Box, Button, Field, Flex, Input, NativeSelect } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { useIntl } from 'react-intl';

import { SearchIcon } from '@/components/icons';

import { PAGE_SIZES, SORTS, type SortKey } from '../lib/constants';
import type { DepositFilters } from '../lib/filters';
import { depositsMessages as m, sortMessages } from '../messages';

type Props = { filters: DepositFilters; onChange: (filters: DepositFilters) => void };

/** Search (ID, name or document: the API decides which), sort and page size. */
export function DepositsToolbar({ filters, onChange }: Props) {
  const intl = useIntl();
  const [q, setQ] = useState(filters.q);
  const search = (event: FormEvent) => {
    event.preventDefault();
    onChange({ ...filters, q: q.trim() });
  };
  return (
    <Flex gap="3" wrap="wrap" align="end">
      <Box as="form" role="search" aria-label={intl.formatMessage(m.search)} onSubmit={search} flex="1" minW="64">
        <Flex gap="2" align="end">
          <Field.Root flex="1">
            <Field.Label>{intl.formatMessage(m.search)}</Field.Label>
            <Input
              type="search"
              name="q"
              value={q}
              placeholder={intl.formatMessage(m.searchPlaceholder)}
              onChange={(e) => setQ(e.target.value)}
              autoComplete="off"
            />
          </Field.Root>
          <Button type="submit" variant="outline">
            <SearchIcon />
            {intl.formatMessage(m.searchSubmit)}
          </Button>
        </Flex>
      </Box>
      <Field.Root w="auto">
        <Field.Label>{intl.formatMessage(m.sort)}</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field name="sort" value={filters.sort} onChange={(e) => onChange({ ...filters, sort: e.target.value as SortKey })}>
            {SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {intl.formatMessage(sortMessages[sort])}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <Field.Root w="auto">
        <Field.Label>{intl.formatMessage(m.perPage)}</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field name="per_page" value={filters.perPage} onChange={(e) => onChange({ ...filters, perPage: Number(e.target.value) })}>
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {intl.formatNumber(size)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
    </Flex>
  );
}
