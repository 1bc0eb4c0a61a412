import { AUTH_MESSAGES } from '@centric/contracts';
import { Stack, Text } from '@mantine/core';
import { PhotoButton, isAcceptedProfileImage } from '../../../components/photo-button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { getSession, setSessionUser } from '../../../lib/session.ts';
import { useUploadProfileImage } from '../api/upload-profile-image.ts';

/** Picks a jpg/jpeg/png up to 15 MB (checked here and on the server) and uploads it as the profile picture. */
export const ProfileImageUpload = () => {
  const upload = useUploadProfileImage();

  const handleFile = (file: File) => {
    if (!isAcceptedProfileImage(file)) {
      notifyError(AUTH_MESSAGES.profileImageFormat);
      return;
    }
    upload.mutate(file, {
      onSuccess: ({ result, message }) => {
        const user = getSession()?.user;
        if (user) setSessionUser({ ...user, profileImageUrl: result.profileImageUrl });
        notifySuccess(message || AUTH_MESSAGES.profileImageUpdated);
      },
      onError: (error) => notifyError(errorMessage(error)),
    });
  };

  return (
    <Stack gap={4} align="center">
      <PhotoButton label="Change photo" loading={upload.isPending} onFile={handleFile} />
      <Text size="xs" c="dimmed">
        JPG or PNG, up to 15 MB
      </Text>
    </Stack>
  );
};
