import { Button, Field, Flex, Heading, NativeSelect, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useIntl } from 'react-intl';

import { AppToaster } from '@/components/app-toaster';
import { RouteHeader } from '@/components/route-header';
import { useCanWrite } from '@/lib/auth/session';

import { getClientBankAccountsQueryOptions } from '../api/get-client-bank-accounts';
import { getStaffClientsQueryOptions } from '@/api/get-staff-clients';
import { payoutsMessages as m } from '../messages';
import { GeneratePayoutDialog } from './generate-payout-dialog';
import { StaffPayoutsList } from './staff-payouts-list';

/**
 * employee/payout-requests and admin/payout-requests: generate a single withdraw for a client (chosen
 * among the clients the staff member may see, then one of its bank accounts), and the withdrawals of
 * every client in scope below, which refresh when a withdraw is generated.
 */
export default function StaffPayoutsScreen({ route, homeHref, children }: { route: string; homeHref: string; children?: ReactNode }) {
  const intl = useIntl();
  const writable = useCanWrite(route);
  const clients = useQuery(getStaffClientsQueryOptions());
  const [selected, setSelected] = useState('');
  const [missing, setMissing] = useState(false);
  const [client, setClient] = useState('');
  const accounts = useQuery(getClientBankAccountsQueryOptions(client));

  const open = (event: FormEvent) => {
    event.preventDefault();
    setMissing(!selected);
    setClient(selected);
  };

  return (
    <Stack gap="5">
      <RouteHeader route={route} homeHref={homeHref} />
      {writable && (
        <Flex asChild gap="3" align="flex-start" wrap="wrap">
          <form onSubmit={open} noValidate aria-label={intl.formatMessage(m.generate)}>
            <Field.Root maxW="sm" invalid={missing} required>
              <Field.Label>{intl.formatMessage(m.clientLabel)}</Field.Label>
              <NativeSelect.Root disabled={clients.isPending}>
                <NativeSelect.Field
                  name="payout_client"
                  value={selected}
                  onChange={(e) => {
                    setSelected(e.currentTarget.value);
                    setMissing(false);
                  }}
                >
                  <option value="">{intl.formatMessage(m.chooseClient)}</option>
                  {clients.data?.map((tenant) => (
                    <option key={tenant.slug} value={tenant.slug}>
                      {tenant.name}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              <Field.ErrorText>{intl.formatMessage(m.clientRequired)}</Field.ErrorText>
            </Field.Root>
            <Button type="submit" colorPalette="blue" mt={{ base: 0, sm: '6' }}>
              {intl.formatMessage(m.generate)}
            </Button>
          </form>
        </Flex>
      )}
      {children}
      <Stack as="section" gap="4" aria-labelledby="staff-payouts-heading">
        <Heading as="h2" size="md" id="staff-payouts-heading">
          {intl.formatMessage(m.staffList)}
        </Heading>
        <StaffPayoutsList kind="all" clients={clients.data} />
      </Stack>
      {client && (
        <GeneratePayoutDialog key={client} client={client} accounts={accounts.data} accountsLoading={accounts.isPending} onClose={() => setClient('')} />
      )}
      <AppToaster />
    </Stack>
  );
}
