import { Box, type BoxProps } from '@chakra-ui/react';

/** The Cofre mark (a padlocked safe) and optional word mark. Decorative unless `title` is given. */
export function LogoMark({ size = 32, title }: { size?: number; title?: string }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 32 32"
      role={title ? 'img' : undefined}
      aria-hidden={title ? undefined : true}
      aria-label={title}
      focusable="false"
    >
      <rect width="32" height="32" rx="7" fill="#1e3a8a" />
      <path d="M9 13v-2a7 7 0 0 1 14 0v2" fill="none" stroke="#fff" strokeWidth="2.5" />
      <rect x="7" y="13" width="18" height="13" rx="3" fill="#fff" />
      <circle cx="16" cy="19" r="2.2" fill="#1e3a8a" />
    </svg>
  );
}

export function LogoWord(props: BoxProps) {
  return (
    <Box as="span" fontWeight="bold" fontSize="xl" letterSpacing="tight" {...props}>
      Cofre
    </Box>
  );
}
