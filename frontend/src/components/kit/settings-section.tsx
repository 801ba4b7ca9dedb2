import { Box, Card, Flex, Heading, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

type Props = {
  title: string;
  /** What the section sets, under its title. */
  text: string;
  /** Its buttons (edit, remove): absent for a read-only role. */
  action?: ReactNode;
  /** When it last changed, said in small print under the values. */
  footnote?: string | null;
  testId: string;
  children: ReactNode;
};

/**
 * A section of a settings screen (clients/config, admin/config): title, what it sets, its actions and its
 * current values; editing opens a FormDialog whose confirmation step shows the change before saving.
 */
export function SettingsSection({ title, text, action, footnote, testId, children }: Props) {
  return (
    <Card.Root data-testid={testId} minW="0">
      <Card.Header>
        <Flex gap="3" justify="space-between" align="flex-start" wrap="wrap">
          <Box minW="0">
            <Heading as="h2" size="md">
              {title}
            </Heading>
            <Text color="fg.muted" fontSize="sm" maxW="3xl">
              {text}
            </Text>
          </Box>
          {action}
        </Flex>
      </Card.Header>
      <Card.Body minW="0">
        {children}
        {footnote && (
          <Text color="fg.muted" fontSize="xs" mt="3">
            {footnote}
          </Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}
