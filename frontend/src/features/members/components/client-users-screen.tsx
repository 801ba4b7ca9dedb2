import { Alert, Badge, Box, Button, EmptyState, Flex, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type IntlShape, useIntl } from 'react-intl';

import type { EmployeeClients, Member, MemberAdded } from '@/api/types';
import { getStaffClientsQueryOptions } from '@/api/get-staff-clients';
import { AppToaster, appToaster } from '@/components/app-toaster';
import { DataGrid, DetailDrawer, type GridColumn, SecretOnce } from '@/components/kit';
import { ConfirmDialog } from '@/components/kit/confirm-dialog';
import { FormDialog } from '@/components/kit/form-dialog';
import { SelectField, TextField } from '@/components/kit/form-fields';
import { RouteHeader } from '@/components/route-header';
import { commonMessages } from '@/i18n/messages';
import { isApiError } from '@/lib/api-client';
import { useCanWrite, useSessionUser } from '@/lib/auth/session';
import { formatDateTime } from '@/lib/format';

import { getEmployeeClientsQueryOptions, useAssignClient } from '../api/grants';
import { getMembersQueryOptions, useChangeMember, useInviteMember } from '../api/members';
import { DEFAULT_ROLE, grantableRoles, type InviteErrors, type InviteValues, KIND_OF_ROUTE, type MemberKind, type MemberRole, OWNER_ROLES, validateInvite } from '../lib/member-form';
import { membersMessages as m, roleHelpMessages, roleMessages } from '../messages';

type Change = { member: Member; kind: 'role' | 'deactivate' | 'reactivate' };

const when = (iso: string, locale: string) => formatDateTime(Math.floor(Date.parse(iso) / 1000), locale);
const roleName = (role: string, intl: IntlShape) => (Object.hasOwn(roleMessages, role) ? intl.formatMessage(roleMessages[role as MemberRole]) : role);
const failure = (error: unknown, intl: IntlShape) => (isApiError(error) && error.status > 0 && error.status < 500 ? error.message : intl.formatMessage(commonMessages.tryAgainLater));

/**
 * The users of this host's tenant (role, status, last login); invite, change role, deactivate: the
 * company's (clients/client-user), the partner's (partner/users) and the platform's staff
 * (admin/employees, where each employee's clients are granted and revoked too). One API: /api/members.
 */
export default function MembersScreen({ route, homeHref, header = true }: { route: string; homeHref: string; /** false: the page heads it (partner/users puts its heading above its tabs). */ header?: boolean }) {
  const intl = useIntl();
  const me = useSessionUser();
  const kind: MemberKind = KIND_OF_ROUTE[route] ?? 'client';
  const staff = kind === 'platform';
  const writable = useCanWrite(route);
  const members = useQuery(getMembersQueryOptions());
  const grants = useQuery({ ...getEmployeeClientsQueryOptions(), enabled: staff });
  const clientsOf = new Map((grants.data ?? []).map((row: EmployeeClients) => [row.user_id, row.clients]));
  const [inviting, setInviting] = useState(false);
  const [change, setChange] = useState<Change | null>(null);
  const [granting, setGranting] = useState<Member | null>(null);
  // A client_user_admin cannot touch an owner (the API answers 403): no buttons for those rows.
  const canManage = (member: Member) => writable && member.email !== me.email && (OWNER_ROLES.includes(me.role) || !OWNER_ROLES.includes(member.role));
  const clientsCell = (member: Member) =>
    member.role !== 'employee' ? (
      <Text color="fg.muted">{intl.formatMessage(member.role === 'admin' || member.role === 'financial' || member.role === 'company' ? m.allClients : m.noClients)}</Text>
    ) : (clientsOf.get(member.user_id) ?? []).length === 0 ? (
      <Text color="fg.muted">{intl.formatMessage(m.noClients)}</Text>
    ) : (
      <HStack gap="1" wrap="wrap">
        {(clientsOf.get(member.user_id) ?? []).map((client) => (
          <Badge key={client.slug} variant="outline">
            {client.name}
          </Badge>
        ))}
      </HStack>
    );
  const columns: GridColumn<Member>[] = [
    {
      key: 'user',
      priority: 1,
      card: 'title',
      header: intl.formatMessage(m.colUser),
      cell: (member) => (
        <Box minW="0">
          <Text fontWeight="medium" wordBreak="break-all">
            {member.email} {member.email === me.email && intl.formatMessage(m.you)}
          </Text>
          {member.name && (
            <Text color="fg.muted" fontSize="xs">
              {member.name}
            </Text>
          )}
        </Box>
      ),
    },
    { key: 'role', priority: 1, header: intl.formatMessage(m.colRole), cell: (member) => roleName(member.role, intl) },
    {
      key: 'status',
      priority: 1,
      card: 'status',
      header: intl.formatMessage(m.colStatus),
      cell: (member) => (
        <Badge variant="subtle" colorPalette={member.is_active ? 'green' : 'gray'}>
          {intl.formatMessage(member.is_active ? m.active : m.inactive)}
        </Badge>
      ),
    },
    ...(staff ? [{ key: 'clients', priority: 2 as const, header: intl.formatMessage(m.colClients), cell: clientsCell }] : []),
    { key: 'lastLogin', priority: 2, nowrap: true, header: intl.formatMessage(m.colLastLogin), cell: (member) => (member.last_login ? when(member.last_login, intl.locale) : intl.formatMessage(m.never)) },
    { key: 'created', priority: 2, card: 'date', nowrap: true, header: intl.formatMessage(m.colCreated), cell: (member) => when(member.created_at, intl.locale) },
    {
      key: 'actions',
      priority: 1,
      card: 'actions',
      header: intl.formatMessage(m.colActions),
      cell: (member) => (
        <HStack justify={{ base: 'start', md: 'end' }} gap="2" wrap="wrap">
          {staff && writable && member.role === 'employee' && (
            <Button size="xs" variant="outline" aria-label={intl.formatMessage(m.clientsLabel, { email: member.email })} onClick={() => setGranting(member)}>
              {intl.formatMessage(m.clients)}
            </Button>
          )}
          {canManage(member) && (
            <>
              <Button size="xs" variant="outline" aria-label={intl.formatMessage(m.changeRoleLabel, { email: member.email })} onClick={() => setChange({ member, kind: 'role' })}>
                {intl.formatMessage(m.changeRole)}
              </Button>
              {member.is_active ? (
                <Button size="xs" variant="outline" colorPalette="red" aria-label={intl.formatMessage(m.deactivateLabel, { email: member.email })} onClick={() => setChange({ member, kind: 'deactivate' })}>
                  {intl.formatMessage(m.deactivate)}
                </Button>
              ) : (
                <Button size="xs" variant="outline" aria-label={intl.formatMessage(m.reactivateLabel, { email: member.email })} onClick={() => setChange({ member, kind: 'reactivate' })}>
                  {intl.formatMessage(m.reactivate)}
                </Button>
              )}
            </>
          )}
        </HStack>
      ),
    },
  ];
  return (
    <Stack gap="5">
      {header && <RouteHeader route={route} homeHref={homeHref} />}
      {writable && (
        <Flex>
          <Button colorPalette="blue" onClick={() => setInviting(true)}>
            {intl.formatMessage(staff ? m.inviteStaff : m.invite)}
          </Button>
        </Flex>
      )}
      {members.isError ? (
        <EmptyState.Root borderWidth="1px" rounded="lg">
          <EmptyState.Content>
            <EmptyState.Title>{intl.formatMessage(m.loadError)}</EmptyState.Title>
            <Button size="sm" onClick={() => void members.refetch()}>
              {intl.formatMessage(commonMessages.retry)}
            </Button>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        members.data && members.data.length === 0 ? (
          <Text color="fg.muted" borderWidth="1px" rounded="lg" p="4">
            {intl.formatMessage(m.empty)}
          </Text>
        ) : (
          <DataGrid caption={intl.formatMessage(m.table)} columns={columns} rows={members.data} rowKey={(member) => String(member.id)} rowAttributes={(member) => ({ 'data-member': member.email })} busy={!members.data} skeletonRows={3} />
        )
      )}
      {inviting && <InviteDialog kind={kind} myRole={me.role} onClose={() => setInviting(false)} />}
      {change && <ChangeDialog change={change} kind={kind} myRole={me.role} onClose={() => setChange(null)} />}
      {granting && <ClientsDrawer employee={granting} granted={clientsOf.get(granting.user_id) ?? []} onClose={() => setGranting(null)} />}
      <AppToaster />
    </Stack>
  );
}

function roleOptions(kind: MemberKind, myRole: string, intl: IntlShape) {
  return grantableRoles(myRole, kind).map((role) => ({ value: role, label: `${roleName(role, intl)}: ${intl.formatMessage(roleHelpMessages[role])}` }));
}

/** E-mail, name, one of the roles of this kind (each explained); a new login's one-time password is shown once. */
function InviteDialog({ kind, myRole, onClose }: { kind: MemberKind; myRole: string; onClose: () => void }) {
  const intl = useIntl();
  const invite = useInviteMember();
  const [values, setValues] = useState<InviteValues>({ email: '', name: '', role: DEFAULT_ROLE[kind] });
  const [errors, setErrors] = useState<InviteErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [added, setAdded] = useState<MemberAdded | null>(null);
  const close = () => {
    setAdded(null);
    invite.reset();
    onClose();
  };
  const validate = () => {
    const checked = validateInvite(values);
    setErrors(checked.errors);
    setServerError(null);
    return Boolean(checked.body);
  };
  const submit = () => {
    const checked = validateInvite(values);
    if (!checked.body) return;
    invite.mutate(checked.body, { onSuccess: setAdded, onError: (error) => setServerError(failure(error, intl)) });
  };
  return (
    <FormDialog
      title={intl.formatMessage(kind === 'platform' ? m.inviteStaffTitle : m.inviteTitle)}
      submitText={intl.formatMessage(m.inviteSubmit)}
      cancelText={intl.formatMessage(m.cancel)}
      errorTitle={intl.formatMessage(m.inviteFailed)}
      error={serverError}
      pending={invite.isPending}
      validate={validate}
      onSubmit={submit}
      onClose={close}
      result={
        added && {
          title: intl.formatMessage(m.invitedTitle),
          locked: true,
          body: added.initial_password ? (
            <SecretOnce warning={intl.formatMessage(m.passwordWarning)} label={intl.formatMessage(m.passwordLabel, { email: added.email })} value={added.initial_password} />
          ) : (
            <Text>{intl.formatMessage(m.invitedExisting, { email: added.email })}</Text>
          ),
          footer: (
            <Button colorPalette="blue" onClick={close}>
              {intl.formatMessage(m.done)}
            </Button>
          ),
        }
      }
    >
      <TextField
        label={intl.formatMessage(m.emailLabel)}
        required
        type="email"
        maxLength={254}
        autoComplete="off"
        value={values.email}
        onChange={(email) => {
          setValues((current) => ({ ...current, email }));
          setErrors({});
        }}
        error={errors.email ? intl.formatMessage(errors.email) : null}
      />
      <TextField label={intl.formatMessage(m.nameLabel)} maxLength={150} autoComplete="off" value={values.name} onChange={(name) => setValues((current) => ({ ...current, name }))} />
      <SelectField
        label={intl.formatMessage(m.roleLabel)}
        value={values.role}
        onChange={(role) => setValues((current) => ({ ...current, role: role as MemberRole }))}
        options={roleOptions(kind, myRole, intl)}
        helper={intl.formatMessage(roleHelpMessages[values.role])}
      />
    </FormDialog>
  );
}

/** Change role, deactivate or reactivate: asks first, says what happens; the API's refusal (e.g. the last owner) shows here. */
function ChangeDialog({ change, kind: tenantKind, myRole, onClose }: { change: Change; kind: MemberKind; myRole: string; onClose: () => void }) {
  const intl = useIntl();
  const mutation = useChangeMember();
  const { member, kind: action } = change;
  const [role, setRole] = useState<string>(member.role);
  const [error, setError] = useState<string | null>(null);
  const confirm = () => {
    const body = action === 'role' ? { role } : { is_active: action === 'reactivate' };
    mutation.mutate(
      { id: member.id, ...body },
      {
        onSuccess: () => {
          onClose();
          appToaster.create({ type: 'success', title: intl.formatMessage(m.changed) });
        },
        onError: (failed) => setError(failure(failed, intl)),
      },
    );
  };
  const title = { role: m.changeRoleTitle, deactivate: m.deactivateTitle, reactivate: m.reactivateTitle }[action];
  const deactivateText = { client: m.deactivateText, partner: m.deactivatePartnerText, platform: m.deactivateStaffText }[tenantKind];
  const text = { role: m.changeRoleText, deactivate: deactivateText, reactivate: tenantKind === 'client' ? m.reactivateText : m.reactivateOtherText }[action];
  const confirmText = { role: m.save, deactivate: m.deactivate, reactivate: m.reactivate }[action];
  return (
    <ConfirmDialog
      open
      title={intl.formatMessage(title, { email: member.email })}
      description={intl.formatMessage(text)}
      details={[
        { label: intl.formatMessage(m.colUser), value: member.email },
        { label: intl.formatMessage(m.colRole), value: roleName(member.role, intl) },
      ]}
      cancelText={intl.formatMessage(m.cancel)}
      confirmText={intl.formatMessage(confirmText)}
      confirmPalette={action === 'deactivate' ? 'red' : 'blue'}
      confirmDisabled={action === 'role' && role === member.role}
      pending={mutation.isPending}
      error={error}
      onConfirm={confirm}
      onClose={onClose}
    >
      {action === 'role' && (
        <SelectField
          label={intl.formatMessage(m.roleLabel)}
          value={role}
          onChange={(next) => {
            setRole(next);
            setError(null);
          }}
          options={roleOptions(tenantKind, myRole, intl)}
        />
      )}
    </ConfirmDialog>
  );
}

/** admin/employees: the clients an employee may see; grant one (from the clients the admin sees) or revoke one, after asking. */
function ClientsDrawer({ employee, granted, onClose }: { employee: Member; granted: readonly { slug: string; name: string }[]; onClose: () => void }) {
  const intl = useIntl();
  const clients = useQuery(getStaffClientsQueryOptions());
  const assign = useAssignClient();
  const [choice, setChoice] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<{ slug: string; name: string } | null>(null);
  const grantedSlugs = new Set(granted.map((client) => client.slug));
  const options = (clients.data ?? []).filter((client) => !grantedSlugs.has(client.slug)).map((client) => ({ value: client.slug, label: client.name }));
  const grant = () => {
    const client = choice;
    const name = options.find((option) => option.value === client)?.label ?? client;
    setError(null);
    assign.mutate(
      { userId: employee.user_id, client, assigned: true },
      {
        onSuccess: () => {
          setChoice('');
          appToaster.create({ type: 'success', title: intl.formatMessage(m.granted, { client: name }) });
        },
        onError: (failed) => setError(failure(failed, intl)),
      },
    );
  };
  const revoke = () => {
    if (!revoking) return;
    assign.mutate(
      { userId: employee.user_id, client: revoking.slug, assigned: false },
      {
        onSuccess: () => {
          setRevoking(null);
          appToaster.create({ type: 'success', title: intl.formatMessage(m.revoked) });
        },
        onError: (failed) => setError(failure(failed, intl)),
      },
    );
  };
  return (
    <DetailDrawer open title={intl.formatMessage(m.clientsTitle, { email: employee.email })} onClose={onClose}>
      <Stack gap="5">
        <Text color="fg.muted">{intl.formatMessage(m.clientsHelp)}</Text>
        {error && !revoking && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Description>{error}</Alert.Description>
          </Alert.Root>
        )}
        <Stack gap="2">
          <SelectField
            label={intl.formatMessage(m.grantLabel)}
            value={choice}
            onChange={(next) => {
              setChoice(next);
              setError(null);
            }}
            options={options}
            placeholder={intl.formatMessage(m.grantPlaceholder)}
            loading={clients.isPending}
          />
          <Flex>
            <Button colorPalette="blue" size="sm" disabled={!choice || assign.isPending} loading={assign.isPending && !revoking} onClick={grant}>
              {intl.formatMessage(m.grant)}
            </Button>
          </Flex>
        </Stack>
        <Table.Root size="sm" aria-label={intl.formatMessage(m.clientsTable)}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{intl.formatMessage(m.colClient)}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{intl.formatMessage(m.colActions)}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {granted.length === 0 ? (
              <Table.Row>
                <Table.Cell colSpan={2}>{intl.formatMessage(m.clientsEmpty)}</Table.Cell>
              </Table.Row>
            ) : (
              granted.map((client) => (
                <Table.Row key={client.slug} data-client={client.slug}>
                  <Table.Cell>{client.name}</Table.Cell>
                  <Table.Cell textAlign="end">
                    <Button size="xs" variant="outline" colorPalette="red" aria-label={intl.formatMessage(m.revokeLabel, { client: client.name })} onClick={() => setRevoking(client)}>
                      {intl.formatMessage(m.revoke)}
                    </Button>
                  </Table.Cell>
                </Table.Row>
              ))
            )}
          </Table.Body>
        </Table.Root>
      </Stack>
      {revoking && (
        <ConfirmDialog
          open
          title={intl.formatMessage(m.revokeTitle, { client: revoking.name })}
          description={intl.formatMessage(m.revokeText)}
          details={[
            { label: intl.formatMessage(m.colUser), value: employee.email },
            { label: intl.formatMessage(m.colClient), value: revoking.name },
          ]}
          cancelText={intl.formatMessage(m.cancel)}
          confirmText={intl.formatMessage(m.revoke)}
          pending={assign.isPending}
          error={error}
          onConfirm={revoke}
          onClose={() => {
            setRevoking(null);
            setError(null);
          }}
        />
      )}
    </DetailDrawer>
  );
}
