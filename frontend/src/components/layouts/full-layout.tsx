import { Box } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * The "full" layout (spec §2): a blank page on a dark background for login-style screens. It is a
 * dark-appearance subtree whatever the user's theme, so its colors stay readable in both modes.
 */
export function FullLayout({ children }: { children: ReactNode }) {
  return (
    <Box
      className="dark"
      colorScheme="dark"
      minH="100dvh"
      bg="gray.950"
      color="fg"
      display="flex"
      alignItems="center"
      justifyContent="center"
      px="4"
      py="10"
    >
      {children}
    </Box>
  );
}
