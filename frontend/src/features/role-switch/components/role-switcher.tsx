import { Field, NativeSelect } from '@chakra-ui/react';
import { useIntl } from 'react-intl';

import { roleMessage } from '@/i18n/messages';

import { DEMO_ROLES } from '../lib/role-state';
import { roleSwitchMessages as m } from '../messages';
import { useRoleView } from './role-view-provider';

const OWN_ROLE = '';

/** The change-role action (spec §4): a select of every role, or back to the user's own. */
export function RoleSwitcher({ sessionRole }: { sessionRole: string }) {
  const intl = useIntl();
  const { viewRole, changed, changeRole, resetRole } = useRoleView();
  return (
    <Field.Root>
      <Field.Label fontWeight="semibold">{intl.formatMessage(m.label)}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field
          value={changed ? viewRole : OWN_ROLE}
          onChange={(event) => (event.target.value === OWN_ROLE ? resetRole() : changeRole(event.target.value))}
        >
          <option value={OWN_ROLE}>
            {intl.formatMessage(m.ownRole, { role: intl.formatMessage(roleMessage(sessionRole)) })}
          </option>
          {DEMO_ROLES.map((role) => (
            <option key={role} value={role}>
              {intl.formatMessage(roleMessage(role))}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Field.HelperText>{intl.formatMessage(m.hint)}</Field.HelperText>
    </Field.Root>
  );
}
