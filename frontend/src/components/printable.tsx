import { Box, Button, DataList, Flex, Heading, Image, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Global } from '@emotion/react';
import type { ReactNode } from 'react';
import { type MessageDescriptor, defineMessages, useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';

import { commonMessages } from '@/i18n/messages';
import { isApiError } from '@/lib/api-client';

const printableMessages = defineMessages({
  print: { id: 'printable.print', defaultMessage: 'Print' },
  back: { id: 'printable.back', defaultMessage: 'Back' },
  notFound: { id: 'printable.notFound', defaultMessage: 'This document was not found.' },
  loadError: { id: 'printable.loadError', defaultMessage: 'The document could not be loaded.' },
  authentication: { id: 'printable.authentication', defaultMessage: 'Authentication code' },
  verifyAt: { id: 'printable.verifyAt', defaultMessage: 'Check that this document is genuine at {url}' },
  issuedAt: { id: 'printable.issuedAt', defaultMessage: 'Issued on {when}' },
});
const messages: Record<keyof typeof printableMessages, MessageDescriptor> = printableMessages;

/**
 * On paper only the document prints: the shell (top bar, menu, footer) and the page's own buttons are
 * taken out of the flow, everything else is hidden, and the document prints black on white in any
 * theme. Emotion inserts this with the CSP nonce like every other style.
 */
const PRINT_STYLES = {
  '@media print': {
    '@page': { margin: '14mm' },
    'header, aside, nav, footer, [data-print-hide]': { display: 'none !important' },
    'body *': { visibility: 'hidden' },
    '[data-printable], [data-printable] *': { visibility: 'visible' },
    '[data-printable]': {
      position: 'absolute',
      insetInlineStart: 0,
      top: 0,
      width: '100%',
      color: 'black !important',
      background: 'white !important',
      boxShadow: 'none !important',
      border: 'none !important',
    },
    'html, body, main': { background: 'white !important' },
  },
} as const;

/** Formats an ISO instant in Brasília time (São Paulo), as bank documents in Brazil are dated. */
export function brasiliaDateTime(iso: string | null | undefined, locale: string): string {
  if (!iso) return '';
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'medium', timeZone: 'America/Sao_Paulo' }).format(new Date(ms));
}

type QueryLike = { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };

/**
 * A printable document page inside the shell: a toolbar (back, print) that never prints, and the
 * document itself (`data-printable`), with loading, not-found and error states.
 */
export function PrintablePage({ backHref, query, label, children }: { backHref: string; query: QueryLike; label: string; children: ReactNode }) {
  const intl = useIntl();
  return (
    <Stack gap="4" maxW="3xl" mx="auto" w="full">
      <Global styles={PRINT_STYLES} />
      <Flex data-print-hide="" gap="2" justify="space-between" wrap="wrap">
        <Button asChild size="sm" variant="ghost">
          <RouterLink to={backHref}>{intl.formatMessage(messages.back)}</RouterLink>
        </Button>
        <Button size="sm" onClick={() => window.print()} disabled={query.isPending || query.isError}>
          {intl.formatMessage(messages.print)}
        </Button>
      </Flex>
      {query.isPending ? (
        <Stack gap="3" aria-busy="true" aria-label={intl.formatMessage(commonMessages.loading)}>
          {[0, 1, 2, 3, 4, 5].map((i) => (
            <Skeleton key={i} h="6" />
          ))}
        </Stack>
      ) : query.isError ? (
        <Stack role="alert" gap="3" align="start">
          <Text fontWeight="semibold">{intl.formatMessage(isApiError(query.error) && query.error.status === 404 ? messages.notFound : messages.loadError)}</Text>
          {isApiError(query.error) && query.error.status !== 404 && query.error.message && <Text color="fg.muted">{query.error.message}</Text>}
          <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
            {intl.formatMessage(commonMessages.retry)}
          </Button>
        </Stack>
      ) : (
        <Box as="article" aria-label={label} data-printable="" bg="bg.panel" borderWidth="1px" rounded="lg" p={{ base: '5', md: '8' }}>
          {children}
        </Box>
      )}
    </Stack>
  );
}

/** The document's heading block: the title, who issues it and when. */
export function DocumentHeading({ title, company, issuedAt, logoUrl }: { title: string; company: string; issuedAt: string; logoUrl?: string | null }) {
  const intl = useIntl();
  return (
    <Stack gap="1" mb="6">
      {logoUrl && <Image src={logoUrl} alt={company} maxH="16" maxW="3xs" objectFit="contain" alignSelf="flex-start" mb="2" data-testid="document-logo" />}
      <Heading as="h1" size="lg">
        {title}
      </Heading>
      <Text fontWeight="semibold">{company}</Text>
      <Text color="fg.muted" fontSize="sm">
        {intl.formatMessage(messages.issuedAt, { when: brasiliaDateTime(issuedAt, intl.locale) })}
      </Text>
    </Stack>
  );
}

/** Label/value rows of a document (empty values are left out). */
export function DocumentFields({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <DataList.Root orientation="horizontal" size="sm" gap="2">
      {rows
        .filter(([, value]) => value !== null && value !== undefined && value !== '')
        .map(([label, value]) => (
          <DataList.Item key={label}>
            <DataList.ItemLabel minW="40">{label}</DataList.ItemLabel>
            <DataList.ItemValue>{value}</DataList.ItemValue>
          </DataList.Item>
        ))}
    </DataList.Root>
  );
}

/** The authentication code, set apart at the foot of the document. */
/** The document's authentication code; `verifyUrl`: where anyone checks it (printed under the code). */
export function AuthenticationCode({ code, verifyUrl }: { code: string; verifyUrl?: string }) {
  const intl = useIntl();
  return (
    <Box mt="6" pt="4" borderTopWidth="1px" borderStyle="dashed">
      <Text fontSize="sm" color="fg.muted">
        {intl.formatMessage(messages.authentication)}
      </Text>
      <Text fontFamily="mono" fontSize="sm" data-authentication-code={code} wordBreak="break-all">
        {code}
      </Text>
      {verifyUrl && (
        <Text fontSize="xs" color="fg.muted" mt="1" wordBreak="break-all">
          {intl.formatMessage(messages.verifyAt, { url: verifyUrl })}
        </Text>
      )}
    </Box>
  );
}
