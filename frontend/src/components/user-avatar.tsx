import { Avatar } from '@chakra-ui/react';

import { DEFAULT_AVATAR_IMAGE_SIZE } from '@/config/constants';

export type AvatarSize = 'sm' | 'lg' | 'xl';

/** Default picture: a neutral 32x32 silhouette. */
export const DEFAULT_AVATAR_IMAGE =
  'data:image/svg+xml,' +
  encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${DEFAULT_AVATAR_IMAGE_SIZE}" height="${DEFAULT_AVATAR_IMAGE_SIZE}" viewBox="0 0 32 32"><rect width="32" height="32" fill="#cbd5e1"/><circle cx="16" cy="12" r="6" fill="#64748b"/><path d="M4 32c1-7 6-10 12-10s11 3 12 10z" fill="#64748b"/></svg>`,
  );

/** Avatar in the sizes of spec §9 (sm, lg, xl); decorative next to the visible user name. */
export function UserAvatar({ name, src, size = 'sm' }: { name: string; src: string | null; size?: AvatarSize }) {
  return (
    <Avatar.Root size={size} aria-hidden="true">
      <Avatar.Fallback name={name} />
      <Avatar.Image src={src ?? DEFAULT_AVATAR_IMAGE} alt="" />
    </Avatar.Root>
  );
}
