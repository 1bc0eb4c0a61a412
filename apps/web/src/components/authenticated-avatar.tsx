import { Avatar, type AvatarProps } from '@mantine/core';
import { initialsOf } from '../lib/format.ts';
import { useAuthenticatedImage } from './use-authenticated-image.ts';

type AuthenticatedAvatarProps = Omit<AvatarProps, 'src' | 'alt' | 'children'> & {
  /** An /api/... path that needs the bearer header, or null for initials. */
  imagePath: string | null | undefined;
  name: string;
};

/** Avatar of a user whose picture lives behind the API; initials until (or unless) the picture loads. */
export const AuthenticatedAvatar = ({ imagePath, name, ...props }: AuthenticatedAvatarProps) => {
  const src = useAuthenticatedImage(imagePath);
  return (
    <Avatar src={src} alt={name} color="brand" variant="filled" {...props}>
      {initialsOf(name)}
    </Avatar>
  );
};
