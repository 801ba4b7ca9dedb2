import { Badge, Stack, Text } from '@chakra-ui/react';
import type { IntlShape } from 'react-intl';
import { useIntl } from 'react-intl';

import type { MedCase } from '@/api/types';
import { type GridColumn, defineList, useList } from '@/components/kit';
import { money } from '@/lib/format';
import { LIST_PAGE_SIZES } from '@/lib/list-params';

import { medMessages as m } from '../messages';
import { MED_SORTS, MED_STATUSES, MedCasesView, STATUS_MESSAGES, useMedCases } from './med-cases-view';
import { BankReport, Countdown, STATUS_PALETTE, useNow, when } from './med-screen';


/** clients/meds: the client's own MED cases, read only. */
export const clientMedList = defineList({
  id: 'client-med-cases',
  filters: { status: { values: MED_STATUSES } },
  search: true,
  sorts: MED_SORTS,
  defaultSort: 'queue',
  pageSizes: LIST_PAGE_SIZES,
});

function outcome(item: MedCase, intl: IntlShape): string {
  const cur = (cents: number) => money(cents, item.currency, intl.locale);
  switch (item.status) {
    case 'refunding':
      return intl.formatMessage(m.outcomeRefunding, { amount: cur(item.amount) });
    case 'completed':
      return intl.formatMessage(m.outcomeCompleted, { amount: cur(item.refund_confirmed) });
    case 'rejected':
      return intl.formatMessage(m.outcomeRejected);
    case 'cancelled':
      return intl.formatMessage(m.outcomeCancelled);
    default:
      return intl.formatMessage(m.outcomeOpen);
  }
}

/** clients/meds: MED claims on the client's PIX deposits: the deposit, what is blocked, the deadline
 * running now, the outcome and when the bank was told. Nothing to act on here: the desk decides. */
export default function ClientMedScreen({ route, homeHref }: { route: string; homeHref: string }) {
  const intl = useIntl();
  const list = useList(clientMedList);
  const now = useNow();
  const query = useMedCases(list, ['status']);
  const columns: GridColumn<MedCase>[] = [
    { key: 'deposit', header: intl.formatMessage(m.deposit), priority: 1, card: 'title', nowrap: true, cell: (item) => item.deposit_id },
    { key: 'amount', header: intl.formatMessage(m.amount), priority: 1, numeric: true, card: 'amount', cell: (item) => money(item.amount, item.currency, intl.locale) },
    { key: 'held', header: intl.formatMessage(m.held), priority: 1, numeric: true, cell: (item) => money(item.held_amount, item.currency, intl.locale) },
    { key: 'status', header: intl.formatMessage(m.status), priority: 1, cell: (item) => <Badge colorPalette={STATUS_PALETTE[item.status]}>{intl.formatMessage(STATUS_MESSAGES[item.status])}</Badge> },
    { key: 'deadline', header: intl.formatMessage(m.deadline), priority: 2, cell: (item) => <Countdown item={item} now={now} /> },
    {
      key: 'outcome',
      header: intl.formatMessage(m.outcome),
      priority: 2,
      cell: (item) => (
        <Stack gap="0">
          <Text>{outcome(item, intl)}</Text>
          <BankReport item={item} />
        </Stack>
      ),
    },
    { key: 'reported', header: intl.formatMessage(m.reported), priority: 3, card: 'date', nowrap: true, cell: (item) => when(item.reported_at, intl) },
  ];
  return (
    <MedCasesView
      route={route}
      homeHref={homeHref}
      intro={intl.formatMessage(m.clientIntro)}
      list={list}
      columns={columns}
      query={query}
      rowAttributes={(item) => ({ 'data-med': item.id, 'data-status': item.status })}
      emptyTitle={intl.formatMessage(m.clientEmpty)}
    />
  );
}
