import { defineMessage, defineMessages } from 'react-intl';

export const searchMessages = {
  ...defineMessages({
    label: { id: 'search.label', defaultMessage: 'Search' },
    placeholder: { id: 'search.placeholder', defaultMessage: 'Search screens…' },
    placeholderStaff: { id: 'search.placeholderStaff', defaultMessage: 'Search screens or a transaction ID…' },
    results: { id: 'search.results', defaultMessage: 'Search results' },
    clear: { id: 'search.clear', defaultMessage: 'Clear search' },
  }),
  noResults: defineMessage<{ query: string }>({ id: 'search.noResults', defaultMessage: 'No screen matches “{query}”' }),
  transaction: defineMessage<{ query: string }>({ id: 'search.transaction', defaultMessage: 'Search transaction by ID: {query}' }),
};
