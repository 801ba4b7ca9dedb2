import { Alert, Badge, Button, EmptyState, Flex, Heading, HStack, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type IntlShape, type MessageDescriptor, useIntl } from 'react-intl';

import { getStaffClientsQueryOptions } from '@/api/get-staff-clients';
import type { Partner, PartnerDetail } from '@/api/types';
import { AppToaster, appToaster } from '@/components/app-toaster';
import { DetailDrawer, type GridColumn, FilterSelect, labelsOf, ListView, useList } from '@/components/kit';
import { ConfirmDialog } from '@/components/kit/confirm-dialog';
import { FormDialog } from '@/components/kit/form-dialog';
import { SelectField, TextField } from '@/components/kit/form-fields';
import { RouteHeader } from '@/components/route-header';
import { commonMessages } from '@/i18n/messages';
import { isApiError } from '@/lib/api-client';
import { useCanWrite } from '@/lib/auth/session';
import { formatDateTime } from '@/lib/format';

import { getPartnerQueryOptions, getPartnersQueryOptions, useLinkClient, useSetCommission, useUnlinkClient } from '../api/partners';
import { AllowanceSection, FeeFloorsSection } from './partner-terms';
import { commissionText, formatCommission, parseCommission } from '../lib/commission';
import { adminPartnersList, adminPartnersQuery, PARTNER_SORTS, PARTNER_STATUSES } from '../lib/list';
import { adminPartnersMessages as m, partnerRoleMessages, partnerSortMessages, partnerStatusMessages } from '../messages';

type LinkedClient = PartnerDetail['clients'][number];

const when = (iso: string, locale: string) => formatDateTime(Math.floor(Date.parse(iso) / 1000), locale);
const label = (labels: Record<string, MessageDescriptor>, value: string, intl: IntlShape) => (Object.hasOwn(labels, value) ? intl.formatMessage(labels[value]!) : value);
const failure = (error: unknown, intl: IntlShape) => (isApiError(error) && error.status > 0 && error.status < 500 ? error.message : intl.formatMessage(commonMessages.tryAgainLater));

function StatusBadge({ status }: { status: string }) {
  const intl = useIntl();
  return (
    <Badge variant="subtle" colorPalette={status === 'active' ? 'green' : 'red'}>
      {label(partnerStatusMessages, status, intl)}
    </Badge>
  );
}

/** admin/partners: every partner (status, commission rate, clients, users); link and unlink clients, set the rate. */
export default function AdminPartnersScreen({ route, homeHref }: { route: string; homeHref: string }) {
  const intl = useIntl();
  const list = useList(adminPartnersList);
  const query = useQuery(getPartnersQueryOptions(adminPartnersQuery(list.state)));
  const [open, setOpen] = useState<Partner | null>(null);
  return (
    <Stack gap="4">
      <RouteHeader route={route} homeHref={homeHref} />
      <ListView
        list={list}
        caption={intl.formatMessage(m.table)}
        columns={columns(intl, setOpen)}
        query={query}
        rowKey={(row) => row.slug}
        rowAttributes={(row) => ({ 'data-partner': row.slug })}
        sortLabels={labelsOf(intl, PARTNER_SORTS, partnerSortMessages)}
        search={{ label: intl.formatMessage(m.search), hint: intl.formatMessage(m.searchHint) }}
        filters={
          <FilterSelect
            list={list}
            name="status"
            label={intl.formatMessage(m.status)}
            allLabel={intl.formatMessage(m.allStatuses)}
            options={PARTNER_STATUSES.map((value) => ({ value, label: label(partnerStatusMessages, value, intl) }))}
          />
        }
        errorTitle={intl.formatMessage(m.loadError)}
        emptyTitle={intl.formatMessage(m.empty)}
      />
      {open && <PartnerDrawer route={route} partner={open} onClose={() => setOpen(null)} />}
      <AppToaster />
    </Stack>
  );
}

function columns(intl: IntlShape, onOpen: (partner: Partner) => void): GridColumn<Partner>[] {
  const text = (value: MessageDescriptor) => intl.formatMessage(value);
  return [
    {
      key: 'name',
      priority: 1,
      card: 'title',
      header: text(m.colName),
      cell: (row) => (
        <>
          <Text fontWeight="medium">{row.name}</Text>
          <Text color="fg.muted" fontSize="xs">
            {row.host}
          </Text>
        </>
      ),
    },
    { key: 'status', priority: 1, card: 'status', header: text(m.colStatus), cell: (row) => <StatusBadge status={row.status} /> },
    { key: 'commission', priority: 1, header: text(m.colCommission), nowrap: true, cell: (row) => formatCommission(row.commission_bp, intl.locale) },
    { key: 'clients', priority: 2, header: text(m.colClients), nowrap: true, cell: (row) => intl.formatNumber(row.clients_count) },
    { key: 'users', priority: 2, header: text(m.colUsers), nowrap: true, cell: (row) => intl.formatNumber(row.users_count) },
    { key: 'created', priority: 3, card: 'date', header: text(m.colCreated), sortField: 'created_at', nowrap: true, cell: (row) => when(row.created_at, intl.locale) },
    {
      key: 'actions',
      priority: 1,
      card: 'actions',
      header: text(m.colActions),
      cell: (row) => (
        <Button size="xs" variant="outline" aria-label={intl.formatMessage(m.manageLabel, { name: row.name })} onClick={() => onOpen(row)}>
          {text(m.manage)}
        </Button>
      ),
    },
  ];
}

/** One partner: its rate (change, after a review), its clients (link; unlink after asking) and its users. */
function PartnerDrawer({ route, partner, onClose }: { route: string; partner: Partner; onClose: () => void }) {
  const intl = useIntl();
  const writable = useCanWrite(route);
  const detail = useQuery(getPartnerQueryOptions(partner.slug));
  const [editing, setEditing] = useState(false);
  const [unlinking, setUnlinking] = useState<LinkedClient | null>(null);
  const data = detail.data;
  return (
    <DetailDrawer open title={partner.name} size="lg" onClose={onClose}>
      {detail.isError ? (
        <EmptyState.Root>
          <EmptyState.Content>
            <EmptyState.Title>{intl.formatMessage(m.detailError)}</EmptyState.Title>
            <Button size="sm" onClick={() => void detail.refetch()}>
              {intl.formatMessage(commonMessages.retry)}
            </Button>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : !data ? (
        <Stack gap="3" aria-busy>
          <Skeleton height="6" />
          <Skeleton height="24" />
          <Skeleton height="24" />
        </Stack>
      ) : (
        <Stack gap="6">
          <Stack gap="2" as="section" aria-label={intl.formatMessage(m.commissionTitle)}>
            <Heading size="sm">{intl.formatMessage(m.commissionTitle)}</Heading>
            <HStack justify="space-between" wrap="wrap">
              <Text fontSize="lg" fontWeight="semibold" data-commission>
                {intl.formatMessage(m.commissionOf, { rate: formatCommission(data.commission_bp, intl.locale) })}
              </Text>
              {writable && (
                <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
                  {intl.formatMessage(m.changeCommission)}
                </Button>
              )}
            </HStack>
            <Text color="fg.muted" fontSize="sm">
              {intl.formatMessage(m.commissionHelp)}
            </Text>
          </Stack>
          <AllowanceSection key={`${data.allowed_modules.join()}|${data.allowed_toggles.join()}`} partner={data} writable={writable} />
          <FeeFloorsSection partner={data} writable={writable} />
          <Stack gap="3" as="section" aria-label={intl.formatMessage(m.clientsTitle)}>
            <Heading size="sm">{intl.formatMessage(m.clientsTitle)}</Heading>
            {writable && <LinkClient slug={partner.slug} linked={data.clients} />}
            <Table.ScrollArea>
              <Table.Root size="sm" aria-label={intl.formatMessage(m.clientsTable, { name: partner.name })}>
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>{intl.formatMessage(m.colClient)}</Table.ColumnHeader>
                    <Table.ColumnHeader>{intl.formatMessage(m.colStatus)}</Table.ColumnHeader>
                    <Table.ColumnHeader>{intl.formatMessage(m.colLinked)}</Table.ColumnHeader>
                    {writable && <Table.ColumnHeader textAlign="end">{intl.formatMessage(m.colActions)}</Table.ColumnHeader>}
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {data.clients.length === 0 ? (
                    <Table.Row>
                      <Table.Cell colSpan={writable ? 4 : 3}>{intl.formatMessage(m.clientsEmpty)}</Table.Cell>
                    </Table.Row>
                  ) : (
                    data.clients.map((client) => (
                      <Table.Row key={client.slug} data-client={client.slug}>
                        <Table.Cell>{client.name}</Table.Cell>
                        <Table.Cell>
                          <StatusBadge status={client.status} />
                        </Table.Cell>
                        <Table.Cell whiteSpace="nowrap">{when(client.linked_at, intl.locale)}</Table.Cell>
                        {writable && (
                          <Table.Cell textAlign="end">
                            <Button size="xs" variant="outline" colorPalette="red" aria-label={intl.formatMessage(m.unlinkLabel, { client: client.name })} onClick={() => setUnlinking(client)}>
                              {intl.formatMessage(m.unlink)}
                            </Button>
                          </Table.Cell>
                        )}
                      </Table.Row>
                    ))
                  )}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          </Stack>
          <Stack gap="3" as="section" aria-label={intl.formatMessage(m.usersTitle)}>
            <Heading size="sm">{intl.formatMessage(m.usersTitle)}</Heading>
            <Table.ScrollArea>
              <Table.Root size="sm" aria-label={intl.formatMessage(m.usersTable, { name: partner.name })}>
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>{intl.formatMessage(m.colUser)}</Table.ColumnHeader>
                    <Table.ColumnHeader>{intl.formatMessage(m.colRole)}</Table.ColumnHeader>
                    <Table.ColumnHeader>{intl.formatMessage(m.colStatus)}</Table.ColumnHeader>
                    <Table.ColumnHeader>{intl.formatMessage(m.colLastLogin)}</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {data.users.length === 0 ? (
                    <Table.Row>
                      <Table.Cell colSpan={4}>{intl.formatMessage(m.usersEmpty)}</Table.Cell>
                    </Table.Row>
                  ) : (
                    data.users.map((user) => (
                      <Table.Row key={user.id} data-user={user.email}>
                        <Table.Cell>
                          <Text>{user.email}</Text>
                          {user.name && (
                            <Text color="fg.muted" fontSize="xs">
                              {user.name}
                            </Text>
                          )}
                        </Table.Cell>
                        <Table.Cell>{label(partnerRoleMessages, user.role, intl)}</Table.Cell>
                        <Table.Cell>
                          <Badge variant="subtle" colorPalette={user.is_active ? 'green' : 'gray'}>
                            {intl.formatMessage(user.is_active ? m.active : m.inactive)}
                          </Badge>
                        </Table.Cell>
                        <Table.Cell whiteSpace="nowrap">{user.last_login ? when(user.last_login, intl.locale) : intl.formatMessage(m.never)}</Table.Cell>
                      </Table.Row>
                    ))
                  )}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          </Stack>
        </Stack>
      )}
      {editing && data && <CommissionDialog partner={data} onClose={() => setEditing(false)} />}
      {unlinking && <UnlinkDialog partner={partner} client={unlinking} onClose={() => setUnlinking(null)} />}
    </DetailDrawer>
  );
}

/** Link one of the clients not linked yet (the admin sees them all); the partner's users see it at once. */
function LinkClient({ slug, linked }: { slug: string; linked: readonly LinkedClient[] }) {
  const intl = useIntl();
  const clients = useQuery(getStaffClientsQueryOptions());
  const link = useLinkClient(slug);
  const [choice, setChoice] = useState('');
  const [error, setError] = useState<string | null>(null);
  const taken = new Set(linked.map((client) => client.slug));
  const options = (clients.data ?? []).filter((client) => !taken.has(client.slug)).map((client) => ({ value: client.slug, label: client.name }));
  const submit = () => {
    const name = options.find((option) => option.value === choice)?.label ?? choice;
    setError(null);
    link.mutate(choice, {
      onSuccess: () => {
        setChoice('');
        appToaster.create({ type: 'success', title: intl.formatMessage(m.linked, { client: name }) });
      },
      onError: (failed) => setError(failure(failed, intl)),
    });
  };
  return (
    <Stack gap="2">
      {error && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Description>{error}</Alert.Description>
        </Alert.Root>
      )}
      <Flex gap="2" align="end" wrap="wrap">
        <Stack flex="1" minW="14rem">
          <SelectField
            label={intl.formatMessage(m.linkLabel)}
            value={choice}
            onChange={(next) => {
              setChoice(next);
              setError(null);
            }}
            options={options}
            placeholder={intl.formatMessage(m.linkPlaceholder)}
            loading={clients.isPending}
          />
        </Stack>
        <Button colorPalette="blue" size="sm" disabled={!choice} loading={link.isPending} onClick={submit}>
          {intl.formatMessage(m.link)}
        </Button>
      </Flex>
    </Stack>
  );
}

function UnlinkDialog({ partner, client, onClose }: { partner: Partner; client: LinkedClient; onClose: () => void }) {
  const intl = useIntl();
  const unlink = useUnlinkClient(partner.slug);
  const [error, setError] = useState<string | null>(null);
  return (
    <ConfirmDialog
      open
      title={intl.formatMessage(m.unlinkTitle, { client: client.name, name: partner.name })}
      description={intl.formatMessage(m.unlinkText)}
      details={[
        { label: intl.formatMessage(m.colName), value: partner.name },
        { label: intl.formatMessage(m.colClient), value: client.name },
      ]}
      cancelText={intl.formatMessage(m.cancel)}
      confirmText={intl.formatMessage(m.unlink)}
      pending={unlink.isPending}
      error={error}
      onConfirm={() =>
        unlink.mutate(client.slug, {
          onSuccess: () => {
            onClose();
            appToaster.create({ type: 'success', title: intl.formatMessage(m.unlinked) });
          },
          onError: (failed) => setError(failure(failed, intl)),
        })
      }
      onClose={onClose}
    />
  );
}

/** The rate as a percentage; a review step shows the current and the new rate before saving. */
function CommissionDialog({ partner, onClose }: { partner: PartnerDetail; onClose: () => void }) {
  const intl = useIntl();
  const save = useSetCommission(partner.slug);
  const [text, setText] = useState(commissionText(partner.commission_bp, intl.locale));
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const checked = parseCommission(text);
  const validate = () => {
    setServerError(null);
    if (checked.error) setFieldError(intl.formatMessage(checked.error === 'range' ? m.commissionRange : m.commissionInvalid));
    return checked.error === null;
  };
  const submit = () => {
    if (checked.bp === null) return;
    save.mutate(
      { commission_bp: checked.bp },
      {
        onSuccess: () => {
          onClose();
          appToaster.create({ type: 'success', title: intl.formatMessage(m.commissionSaved) });
        },
        onError: (failed) => {
          const fields = isApiError(failed) ? failed.fields : undefined;
          if (fields?.commission_bp) setFieldError(intl.formatMessage(m.commissionInvalid));
          else setServerError(failure(failed, intl));
        },
      },
    );
  };
  return (
    <FormDialog
      title={intl.formatMessage(m.commissionDialog, { name: partner.name })}
      description={intl.formatMessage(m.commissionHelp)}
      submitText={intl.formatMessage(m.save)}
      cancelText={intl.formatMessage(m.cancel)}
      errorTitle={intl.formatMessage(m.saveFailed)}
      error={serverError}
      invalid={Boolean(fieldError)}
      pending={save.isPending}
      validate={validate}
      onSubmit={submit}
      onClose={onClose}
      confirmation={{
        title: intl.formatMessage(m.commissionReview),
        description: intl.formatMessage(m.commissionReviewText),
        summary: [
          { label: intl.formatMessage(m.colName), value: partner.name },
          { label: intl.formatMessage(m.commissionFrom), value: formatCommission(partner.commission_bp, intl.locale) },
          { label: intl.formatMessage(m.commissionTo), value: checked.bp === null ? text : formatCommission(checked.bp, intl.locale) },
        ],
        confirmText: intl.formatMessage(m.confirmChange),
      }}
    >
      <TextField
        label={intl.formatMessage(m.commissionLabel)}
        required
        inputMode="decimal"
        autoComplete="off"
        value={text}
        onChange={(next) => {
          setText(next);
          setFieldError(null);
        }}
        helper={intl.formatMessage(m.commissionFieldHelp)}
        error={fieldError}
      />
    </FormDialog>
  );
}
