import { Alert, Box, Button, Field, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';

import type { ReceiptVerification } from '@/api/types';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { isApiError } from '@/lib/api-client';
import { formatDate, money } from '@/lib/format';

import { getReceiptVerificationQueryOptions } from '../api/receipts';
import { methodMessages, verifyMessages as m } from '../messages';

/**
 * /receipts/verify?code=: anyone holding a printed receipt checks its authentication code (no login).
 * The code lives in the URL (a link can carry it); the answer is the minimum the API gives.
 */
export function VerifyReceiptPage() {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage(m.title));
  const [search, setSearch] = useSearchParams();
  const asked = search.get('code')?.trim() ?? '';
  const [typed, setTyped] = useState(asked);
  const answer = useQuery({ ...getReceiptVerificationQueryOptions(asked), enabled: asked !== '' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const code = typed.trim();
    if (code) setSearch({ code }, { replace: true });
  };

  return (
    <Box as="main" w="full" maxW="lg" bg="bg.panel" borderWidth="1px" rounded="xl" p={{ base: '6', md: '10' }} shadow="lg">
      <Stack gap="6">
        <Stack gap="1">
          <Heading as="h1" size="xl">
            {intl.formatMessage(m.title)}
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            {intl.formatMessage(m.intro)}
          </Text>
        </Stack>
        <form onSubmit={submit} noValidate>
          <Stack gap="3">
            <Field.Root required>
              <Field.Label>{intl.formatMessage(m.code)}</Field.Label>
              <Input value={typed} onChange={(e) => setTyped(e.target.value)} fontFamily="mono" autoComplete="off" spellCheck={false} placeholder="XXXX-XXXX-XXXX-XXXX-XXXX-XXXX-XXXX-XXXX" />
            </Field.Root>
            <Button type="submit" colorPalette="blue" loading={answer.isFetching} disabled={!typed.trim()}>
              {intl.formatMessage(m.submit)}
            </Button>
          </Stack>
        </form>
        {asked !== '' && answer.isError && (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{intl.formatMessage(m.error)}</Alert.Title>
              <Alert.Description>{isApiError(answer.error) && answer.error.status > 0 ? answer.error.message : ''}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
        {asked !== '' && answer.data && <Verdict answer={answer.data} />}
      </Stack>
    </Box>
  );
}

function Verdict({ answer }: { answer: ReceiptVerification }) {
  const intl = useIntl();
  if (!answer.valid || !answer.kind) {
    return (
      <Alert.Root status="warning" role="status">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{intl.formatMessage(m.invalid)}</Alert.Title>
          <Alert.Description>{intl.formatMessage(m.invalidHelp)}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }
  const method = answer.method ? methodMessages[answer.method] : undefined;
  const party = answer.party ? [answer.party.name, answer.party.document].filter(Boolean).join(' · ') : '';
  const rows: [string, string][] = [
    [intl.formatMessage(m.kind), intl.formatMessage(answer.kind === 'deposit' ? m.kindDeposit : m.kindSettlement)],
    [intl.formatMessage(m.method), method ? intl.formatMessage(method) : (answer.method ?? '')],
    [intl.formatMessage(m.amount), money(answer.amount ?? 0, answer.currency ?? 'BRL', intl.locale)],
    [intl.formatMessage(m.date), answer.date ? formatDate(answer.date, intl.locale) : ''],
    [intl.formatMessage(answer.kind === 'deposit' ? m.payer : m.beneficiary), party],
  ];
  return (
    <Alert.Root status="success" role="status">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{intl.formatMessage(m.genuine)}</Alert.Title>
        <Alert.Description>
          <Text mb="2">{intl.formatMessage(m.genuineHelp)}</Text>
          <Box as="dl" display="grid" gridTemplateColumns="auto 1fr" columnGap="4" rowGap="1">
            {rows.map(([label, value]) => (
              <Box key={label} display="contents">
                <Text as="dt" fontWeight="semibold">
                  {label}
                </Text>
                <Text as="dd">{value}</Text>
              </Box>
            ))}
          </Box>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
