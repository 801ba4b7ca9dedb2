import { Button, Field, Flex, Input, Link, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';

import { AppToaster } from '@/components/app-toaster';
import { RouteHeader } from '@/components/route-header';
import { isApiError } from '@/lib/api-client';

import { getClientBankAccountsQueryOptions } from '../api/get-client-bank-accounts';
import { payoutsMessages as m } from '../messages';
import { GeneratePayoutDialog } from './generate-payout-dialog';

/**
 * employee/payout-requests and admin/payout-requests: generate a single withdraw for a client (its
 * slug, then one of its bank accounts). The payouts of all clients are on employee/transactions
 * (kind=payout), linked from here.
 */
export default function StaffPayoutsScreen({ route, homeHref, allPayoutsHref }: { route: string; homeHref: string; allPayoutsHref?: string }) {
  const intl = useIntl();
  const [slug, setSlug] = useState('');
  const [client, setClient] = useState('');
  const [generating, setGenerating] = useState(false);
  const accounts = useQuery(getClientBankAccountsQueryOptions(client));

  const load = (event: FormEvent) => {
    event.preventDefault();
    setClient(slug.trim());
    if (slug.trim()) setGenerating(true);
  };

  return (
    <Stack gap="5">
      <RouteHeader route={route} homeHref={homeHref} />
      <Flex as="form" gap="3" align="flex-end" wrap="wrap" onSubmit={load} aria-label={intl.formatMessage(m.generate)}>
        <Field.Root maxW="xs" invalid={accounts.isError}>
          <Field.Label>{intl.formatMessage(m.clientLabel)}</Field.Label>
          <Input value={slug} onChange={(e) => setSlug(e.currentTarget.value)} />
          <Field.ErrorText>{isApiError(accounts.error) ? accounts.error.message : ''}</Field.ErrorText>
        </Field.Root>
        <Button type="submit" colorPalette="blue">
          {intl.formatMessage(m.generate)}
        </Button>
      </Flex>
      {allPayoutsHref && (
        <Text>
          <Link asChild colorPalette="blue" color="colorPalette.fg">
            <RouterLink to={allPayoutsHref}>{intl.formatMessage(m.allClients)}</RouterLink>
          </Link>
        </Text>
      )}
      {generating && client && !accounts.isError && (
        <GeneratePayoutDialog client={client} accounts={accounts.data} accountsLoading={accounts.isPending} onClose={() => setGenerating(false)} />
      )}
      <AppToaster />
    </Stack>
  );
}
