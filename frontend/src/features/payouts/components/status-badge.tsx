import { Badge } from '@chakra-ui/react';
import { useIntl } from 'react-intl';

import { labelOf, payoutStatusMessages } from '../messages';

const PALETTE: Record<string, string> = {
  waiting: 'gray',
  pending: 'yellow',
  approved: 'blue',
  rejected: 'red',
  confirmed: 'green',
  canceled: 'red',
  reversed: 'orange',
  paid_to_client: 'teal',
};

export function PayoutStatusBadge({ status }: { status: string }) {
  const intl = useIntl();
  const label = labelOf(payoutStatusMessages, status);
  return (
    <Badge colorPalette={PALETTE[status] ?? 'gray'} variant="subtle">
      {typeof label === 'string' ? label : intl.formatMessage(label)}
    </Badge>
  );
}
