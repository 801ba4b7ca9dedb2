import { defineMessage, defineMessages } from 'react-intl';

export const roleSwitchMessages = {
  ...defineMessages({
    label: { id: 'roleSwitch.label', defaultMessage: 'Change role' },
    hint: {
      id: 'roleSwitch.hint',
      defaultMessage: 'Demo: changes what the interface shows (logo link, role label), not what you may do.',
    },
  }),
  ownRole: defineMessage<{ role: string }>({ id: 'roleSwitch.ownRole', defaultMessage: 'My own role ({role})' }),
};
