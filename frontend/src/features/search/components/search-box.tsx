import { Box, Button, CloseButton, Input, InputGroup, Stack, Text } from '@chakra-ui/react';
import { type KeyboardEvent, useId, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';

import { SearchIcon } from '@/components/icons';

import { type SearchableEntry, looksLikeTransactionId, searchMenu } from '../lib/search';
import { searchMessages as m } from '../messages';

type Props = {
  entries: readonly SearchableEntry[];
  /** Staff roles also get "search transaction by id". */
  staff: boolean;
  onOpenRoute: (route: string) => void;
  onSearchTransaction: (id: string) => void;
};

/**
 * Search box of the top bar (spec §4): the overlay is on while the input is non-empty and goes off
 * on a click on it or when the input is cleared.
 */
export function SearchBox({ entries, staff, onOpenRoute, onSearchTransaction }: Props) {
  const intl = useIntl();
  const [query, setQuery] = useState('');
  const resultsId = useId();
  const results = useMemo(() => searchMenu(entries, query), [entries, query]);
  const trimmed = query.trim();
  const overlayOn = query.length > 0;
  const offerTransaction = staff && looksLikeTransactionId(trimmed);

  const clear = () => setQuery('');
  const openRoute = (route: string) => {
    clear();
    onOpenRoute(route);
  };
  const searchTransaction = () => {
    clear();
    onSearchTransaction(trimmed);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') clear();
    if (event.key === 'Enter') {
      event.preventDefault();
      if (results[0]) openRoute(results[0].route);
      else if (offerTransaction) searchTransaction();
    }
  };

  return (
    <Box role="search" position="relative" flex="1" maxW="md">
      {overlayOn && (
        <Box
          data-testid="search-overlay"
          position="fixed"
          inset="0"
          bg="blackAlpha.500"
          zIndex="overlay"
          onClick={clear}
          aria-hidden="true"
        />
      )}
      <Box position="relative" zIndex={overlayOn ? 'modal' : undefined}>
        <InputGroup
          startElement={<SearchIcon color="fg.muted" />}
          endElement={
            overlayOn ? <CloseButton size="xs" aria-label={intl.formatMessage(m.clear)} onClick={clear} /> : undefined
          }
        >
          <Input
            type="search"
            aria-label={intl.formatMessage(m.label)}
            aria-controls={overlayOn ? resultsId : undefined}
            placeholder={intl.formatMessage(staff ? m.placeholderStaff : m.placeholder)}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={onKeyDown}
            bg="bg"
            autoComplete="off"
          />
        </InputGroup>
        {overlayOn && (
          <Box
            id={resultsId}
            position="absolute"
            insetInlineStart="0"
            insetInlineEnd="0"
            mt="2"
            bg="bg.panel"
            borderWidth="1px"
            rounded="md"
            shadow="lg"
            p="2"
          >
            <Stack as="ul" aria-label={intl.formatMessage(m.results)} gap="1" listStyleType="none" m="0" p="0">
              {results.map((result) => (
                <li key={result.route}>
                  <Button variant="ghost" justifyContent="start" w="full" onClick={() => openRoute(result.route)}>
                    <Text as="span">{result.title}</Text>
                    <Text as="span" color="fg.muted" fontSize="xs" ms="2">
                      {result.group}
                    </Text>
                  </Button>
                </li>
              ))}
              {offerTransaction && (
                <li>
                  <Button variant="ghost" justifyContent="start" w="full" onClick={searchTransaction}>
                    {intl.formatMessage(m.transaction, { query: trimmed })}
                  </Button>
                </li>
              )}
            </Stack>
            {results.length === 0 && !offerTransaction && (
              <Text px="3" py="2" color="fg.muted" fontSize="sm">
                {intl.formatMessage(m.noResults, { query: trimmed })}
              </Text>
            )}
          </Box>
        )}
      </Box>
    </Box>
  );
}
