import { Box, List, Stack, Text } from '@chakra-ui/react';
import { useIntl } from 'react-intl';

import { secondFactorMessages as m } from './messages';

/** Recovery codes shown once, after an enrolment or a regeneration. */
export function RecoveryCodesList({ codes }: { codes: readonly string[] }) {
  const intl = useIntl();
  return (
    <Stack gap="3">
      <Text fontWeight="semibold">{intl.formatMessage(m.recoveryTitle)}</Text>
      <Text color="fg.muted" fontSize="sm">
        {intl.formatMessage(m.recoveryIntro)}
      </Text>
      <Box borderWidth="1px" rounded="md" p="3" bg="bg.subtle">
        <List.Root aria-label={intl.formatMessage(m.recoveryList)} listStyleType="none" fontFamily="mono" columns={2} gap="1">
          {codes.map((code) => (
            <List.Item key={code}>{code}</List.Item>
          ))}
        </List.Root>
      </Box>
    </Stack>
  );
}
