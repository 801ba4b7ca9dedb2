import { defineMessage, defineMessages } from 'react-intl';

export const roleSwitchMessages = {
  ...defineMessages({
    label: { id: 'roleSwitch.label', defaultMessage: 'Change role' },
    hint: {
      id: 'roleSwitch.hint',
      defaultMessage: 'Demo only: the interface shows another role’s label. Your permissions do not change: you see and may do exactly what your own role allows.',
    },
  }),
  ownRole: defineMessage<{ role: string }>({ id: 'roleSwitch.ownRole', defaultMessage: 'My own role ({role})' }),
};
