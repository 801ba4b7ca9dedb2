import { Box, Flex, VisuallyHidden } from '@chakra-ui/react';

import { LogoMark } from './logo';

/**
 * The loading screen of the main app: the logo and three animated dots (spec §2). The label is
 * passed in so the component works before the translations load.
 */
export function AppLoader({ label, fullScreen = true }: { label: string; fullScreen?: boolean }) {
  return (
    <Flex
      role="status"
      aria-live="polite"
      direction="column"
      align="center"
      justify="center"
      gap="4"
      minH={fullScreen ? '100dvh' : '50vh'}
      data-testid="app-loader"
    >
      <LogoMark size={56} />
      <Flex gap="2" aria-hidden="true">
        {[0, 1, 2].map((dot) => (
          <Box
            key={dot}
            boxSize="2.5"
            rounded="full"
            bg="blue.600"
            animation="bounce 1s infinite"
            style={{ animationDelay: `${dot * 0.15}s` }}
          />
        ))}
      </Flex>
      <VisuallyHidden>{label}</VisuallyHidden>
    </Flex>
  );
}
