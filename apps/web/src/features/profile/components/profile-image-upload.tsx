import { AUTH_MESSAGES } from '@centric/contracts';
import { Button, FileButton, Stack, Text } from '@mantine/core';
import { IconCamera } from '@tabler/icons-react';
import { useRef } from 'react';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { getSession, setSessionUser } from '../../../lib/session.ts';
import { isAcceptedProfileImage, useUploadProfileImage } from '../api/upload-profile-image.ts';

/** Picks a jpg/jpeg/png up to 15 MB (checked here and on the server) and uploads it as the profile picture. */
export const ProfileImageUpload = () => {
  const upload = useUploadProfileImage();
  const resetRef = useRef<() => void>(null);

  const handleFile = (file: File | null) => {
    resetRef.current?.();
    if (!file) return;
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
      <FileButton onChange={handleFile} accept="image/png,image/jpeg" resetRef={resetRef}>
        {(props) => (
          <Button
            {...props}
            variant="light"
            size="xs"
            leftSection={<IconCamera size={16} aria-hidden="true" />}
            loading={upload.isPending}
          >
            Change photo
          </Button>
        )}
      </FileButton>
      <Text size="xs" c="dimmed">
        JPG or PNG, up to 15 MB
      </Text>
    </Stack>
  );
};
