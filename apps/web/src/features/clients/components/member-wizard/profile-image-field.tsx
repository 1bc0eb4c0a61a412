import { AUTH_MESSAGES, CLIENT_API_MESSAGES, type MemberDetail } from '@centric/contracts';
import { Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconCamera } from '@tabler/icons-react';
import { useRef } from 'react';
import { AuthenticatedAvatar } from '../../../../components/authenticated-avatar.tsx';
import { errorMessage, isApiError } from '../../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../../lib/notify.ts';
import { isAcceptedMemberImage, useUploadMemberImage } from '../../api/upload-member-image.ts';

/** The member's picture: jpg, jpeg or png up to 15 MB (checked here and by the server). */
export const ProfileImageField = ({ member }: { member: MemberDetail | null }) => {
  const upload = useUploadMemberImage();
  const resetRef = useRef<() => void>(null);

  if (!member) {
    return (
      <Text size="sm" c="dimmed">
        A profile picture can be added once this step is saved.
      </Text>
    );
  }

  const handleFile = (file: File | null) => {
    resetRef.current?.();
    if (!file) return;
    if (!isAcceptedMemberImage(file)) {
      notifyError(AUTH_MESSAGES.profileImageFormat);
      return;
    }
    upload.mutate(
      { clientId: member.clientId, memberId: member.id, file },
      {
        onSuccess: ({ message }) => notifySuccess(message || CLIENT_API_MESSAGES.profileImageUpdated),
        // Spec §8: an image upload failure shows the file-format message (a refusal for access, its own).
        onError: (error) =>
          notifyError(
            isApiError(error) && [401, 403, 404].includes(error.status)
              ? errorMessage(error)
              : AUTH_MESSAGES.profileImageFormat,
          ),
      },
    );
  };

  return (
    <Group gap="md">
      <AuthenticatedAvatar imagePath={member.profileImageUrl} name={member.fullName} size={56} radius="xl" />
      <Stack gap={4}>
        <FileButton onChange={handleFile} accept="image/png,image/jpeg" resetRef={resetRef}>
          {(props) => (
            <Button
              {...props}
              variant="light"
              size="xs"
              leftSection={<IconCamera size={16} aria-hidden="true" />}
              loading={upload.isPending}
            >
              {member.profileImageUrl ? 'Change photo' : 'Upload photo'}
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed">
          {upload.isPending ? 'Uploading...' : 'JPG, JPEG or PNG, up to 15 MB'}
        </Text>
      </Stack>
    </Group>
  );
};
