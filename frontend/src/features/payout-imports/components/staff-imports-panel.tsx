import { Heading, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';

import { getStaffClientsQueryOptions } from '@/api/get-staff-clients';
import { TenantScopeSelect } from '@/components/tenant-scope-select';

import { importMessages as m } from '../messages';
import { PayoutImportsPanel } from './payout-imports-panel';

/**
 * employee/payout-requests, admin/payout-requests: import a spreadsheet of withdrawals on a chosen
 * client's behalf (the clients the staff member may see, by name), with the same preview, confirm
 * and tabs as the client's own screen.
 */
export function StaffImportsPanel({ writable }: { writable: boolean }) {
  const intl = useIntl();
  const clients = useQuery(getStaffClientsQueryOptions());
  const [client, setClient] = useState('');
  return (
    <Stack as="section" gap="4" aria-labelledby="staff-imports-title" borderWidth="1px" rounded="lg" p="4">
      <Heading as="h2" size="md" id="staff-imports-title">
        {intl.formatMessage(m.staffTitle)}
      </Heading>
      <TenantScopeSelect
        label={intl.formatMessage(m.staffClient)}
        name="import_client"
        value={client}
        onChange={setClient}
        options={[{ value: '', label: intl.formatMessage(m.staffChooseClient) }]}
        clients={clients.data}
        hint={intl.formatMessage(m.staffHint)}
      />
      {client && <PayoutImportsPanel key={client} writable={writable} client={client} />}
    </Stack>
  );
}
