import { Badge } from '@chakra-ui/react';
import { useIntl } from 'react-intl';

import { labelOf, statusMessages } from '../messages';

const PALETTE: Record<string, string> = {
  waiting: 'gray',
  pending: 'yellow',
  confirmed: 'green',
  paid_to_client: 'teal',
  canceled: 'red',
  expired: 'orange',
  refunded: 'purple',
};

export function StatusBadge({ status }: { status: string }) {
  const intl = useIntl();
  const label = labelOf(statusMessages, status);
  return (
    <Badge colorPalette={PALETTE[status] ?? 'gray'} variant="subtle">
      {typeof label === 'string' ? label : intl.formatMessage(label)}
    </Badge>
  );
}
