import { Alert, Badge, Button, Clipboard, EmptyState, Field, Flex, HStack, Input, InputGroup, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type IntlShape, useIntl } from 'react-intl';

import type { Member, MemberAdded } from '@/api/types';
import { AppToaster, appToaster } from '@/components/app-toaster';
import { ConfirmDialog } from '@/components/kit/confirm-dialog';
import { FormDialog } from '@/components/kit/form-dialog';
import { SelectField, TextField } from '@/components/kit/form-fields';
import { RouteHeader } from '@/components/route-header';
import { commonMessages } from '@/i18n/messages';
import { isApiError } from '@/lib/api-client';
import { useCanWrite, useSessionUser } from '@/lib/auth/session';
import { formatDateTime } from '@/lib/format';

import { getMembersQueryOptions, useChangeMember, useInviteMember } from '../api/members';
import { type ClientRole, grantableRoles, type InviteErrors, type InviteValues, OWNER_ROLES, validateInvite } from '../lib/member-form';
import { membersMessages as m, roleHelpMessages, roleMessages } from '../messages';

type Change = { member: Member; kind: 'role' | 'deactivate' | 'reactivate' };

const when = (iso: string, locale: string) => formatDateTime(Math.floor(Date.parse(iso) / 1000), locale);
const roleName = (role: string, intl: IntlShape) => (role in roleMessages ? intl.formatMessage(roleMessages[role as ClientRole]) : role);
const failure = (error: unknown, intl: IntlShape) => (isApiError(error) && error.status > 0 && error.status < 500 ? error.message : intl.formatMessage(commonMessages.tryAgainLater));

/** clients/client-user: the company's users (role, status, last login); invite, change role, deactivate. */
export default function ClientUsersScreen({ route, homeHref }: { route: string; homeHref: string }) {
  const intl = useIntl();
  const me = useSessionUser();
  const writable = useCanWrite(route);
  const members = useQuery(getMembersQueryOptions());
  const [inviting, setInviting] = useState(false);
  const [change, setChange] = useState<Change | null>(null);
  // A client_user_admin cannot touch an owner (the API answers 403): no buttons for those rows.
  const canManage = (member: Member) => writable && member.email !== me.email && (OWNER_ROLES.includes(me.role) || !OWNER_ROLES.includes(member.role));
  return (
    <Stack gap="5">
      <RouteHeader route={route} homeHref={homeHref} />
      {writable && (
        <Flex>
          <Button colorPalette="blue" onClick={() => setInviting(true)}>
            {intl.formatMessage(m.invite)}
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
        <Table.ScrollArea borderWidth="1px" rounded="lg" bg="bg.panel">
          <Table.Root size="sm" aria-label={intl.formatMessage(m.table)} aria-busy={!members.data || undefined}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{intl.formatMessage(m.colUser)}</Table.ColumnHeader>
                <Table.ColumnHeader>{intl.formatMessage(m.colRole)}</Table.ColumnHeader>
                <Table.ColumnHeader>{intl.formatMessage(m.colStatus)}</Table.ColumnHeader>
                <Table.ColumnHeader>{intl.formatMessage(m.colLastLogin)}</Table.ColumnHeader>
                <Table.ColumnHeader>{intl.formatMessage(m.colCreated)}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{intl.formatMessage(m.colActions)}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {!members.data ? (
                [0, 1, 2].map((row) => (
                  <Table.Row key={row}>
                    <Table.Cell colSpan={6}>
                      <Skeleton height="5" />
                    </Table.Cell>
                  </Table.Row>
                ))
              ) : members.data.length === 0 ? (
                <Table.Row>
                  <Table.Cell colSpan={6}>{intl.formatMessage(m.empty)}</Table.Cell>
                </Table.Row>
              ) : (
                members.data.map((member) => (
                  <Table.Row key={member.id} data-member={member.email}>
                    <Table.Cell>
                      <Text fontWeight="medium">
                        {member.email} {member.email === me.email && intl.formatMessage(m.you)}
                      </Text>
                      {member.name && (
                        <Text color="fg.muted" fontSize="xs">
                          {member.name}
                        </Text>
                      )}
                    </Table.Cell>
                    <Table.Cell>{roleName(member.role, intl)}</Table.Cell>
                    <Table.Cell>
                      <Badge variant="subtle" colorPalette={member.is_active ? 'green' : 'gray'}>
                        {intl.formatMessage(member.is_active ? m.active : m.inactive)}
                      </Badge>
                    </Table.Cell>
                    <Table.Cell whiteSpace="nowrap">{member.last_login ? when(member.last_login, intl.locale) : intl.formatMessage(m.never)}</Table.Cell>
                    <Table.Cell whiteSpace="nowrap">{when(member.created_at, intl.locale)}</Table.Cell>
                    <Table.Cell textAlign="end">
                      {canManage(member) && (
                        <HStack justify="end" gap="2">
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
                        </HStack>
                      )}
                    </Table.Cell>
                  </Table.Row>
                ))
              )}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      {inviting && <InviteDialog myRole={me.role} onClose={() => setInviting(false)} />}
      {change && <ChangeDialog change={change} myRole={me.role} onClose={() => setChange(null)} />}
      <AppToaster />
    </Stack>
  );
}

function roleOptions(myRole: string, intl: IntlShape) {
  return grantableRoles(myRole).map((role) => ({ value: role, label: `${roleName(role, intl)}: ${intl.formatMessage(roleHelpMessages[role])}` }));
}

/** E-mail, name, one of the five roles (each explained); a new login's one-time password is shown once. */
function InviteDialog({ myRole, onClose }: { myRole: string; onClose: () => void }) {
  const intl = useIntl();
  const invite = useInviteMember();
  const [values, setValues] = useState<InviteValues>({ email: '', name: '', role: 'client_user' });
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
      title={intl.formatMessage(m.inviteTitle)}
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
            <Stack gap="4">
              <Alert.Root status="warning">
                <Alert.Indicator />
                <Alert.Description>{intl.formatMessage(m.passwordWarning)}</Alert.Description>
              </Alert.Root>
              <Clipboard.Root value={added.initial_password}>
                <Field.Root>
                  <Field.Label>{intl.formatMessage(m.passwordLabel, { email: added.email })}</Field.Label>
                  <InputGroup endElement={<Clipboard.Trigger asChild><Button size="xs" variant="surface" me="-2"><Clipboard.Indicator /></Button></Clipboard.Trigger>}>
                    <Input value={added.initial_password} readOnly fontFamily="mono" fontSize="sm" />
                  </InputGroup>
                </Field.Root>
              </Clipboard.Root>
            </Stack>
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
        onChange={(role) => setValues((current) => ({ ...current, role: role as ClientRole }))}
        options={roleOptions(myRole, intl)}
        helper={intl.formatMessage(roleHelpMessages[values.role])}
      />
    </FormDialog>
  );
}

/** Change role, deactivate or reactivate: asks first, says what happens; the API's refusal (e.g. the last owner) shows here. */
function ChangeDialog({ change, myRole, onClose }: { change: Change; myRole: string; onClose: () => void }) {
  const intl = useIntl();
  const mutation = useChangeMember();
  const { member, kind } = change;
  const [role, setRole] = useState<string>(member.role);
  const [error, setError] = useState<string | null>(null);
  const confirm = () => {
    const body = kind === 'role' ? { role } : { is_active: kind === 'reactivate' };
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
  const title = { role: m.changeRoleTitle, deactivate: m.deactivateTitle, reactivate: m.reactivateTitle }[kind];
  const text = { role: m.changeRoleText, deactivate: m.deactivateText, reactivate: m.reactivateText }[kind];
  const confirmText = { role: m.save, deactivate: m.deactivate, reactivate: m.reactivate }[kind];
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
      confirmPalette={kind === 'deactivate' ? 'red' : 'blue'}
      confirmDisabled={kind === 'role' && role === member.role}
      pending={mutation.isPending}
      error={error}
      onConfirm={confirm}
      onClose={onClose}
    >
      {kind === 'role' && (
        <SelectField
          label={intl.formatMessage(m.roleLabel)}
          value={role}
          onChange={(next) => {
            setRole(next);
            setError(null);
          }}
          options={roleOptions(myRole, intl)}
        />
      )}
    </ConfirmDialog>
  );
}
