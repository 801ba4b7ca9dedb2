import { defineMessages } from 'react-intl';

export const placeholderMessages = defineMessages({
  notBuilt: {
    id: 'placeholder.notBuilt',
    defaultMessage: 'This screen is not available yet. Its records will be listed here.',
  },
});
