import { AUTH_MESSAGES, CLIENT_API_MESSAGES, type MemberDetail } from '@centric/contracts';
import { Group, Stack, Text } from '@mantine/core';
import { AuthenticatedAvatar } from '../../../../components/authenticated-avatar.tsx';
import { PhotoButton, isAcceptedProfileImage } from '../../../../components/photo-button.tsx';
import { errorMessage, isApiError } from '../../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../../lib/notify.ts';
import { useUploadMemberImage } from '../../api/upload-member-image.ts';

/** The member's picture: jpg, jpeg or png up to 15 MB (checked here and by the server). */
export const ProfileImageField = ({ member }: { member: MemberDetail | null }) => {
  const upload = useUploadMemberImage();

  if (!member) {
    return (
      <Text size="sm" c="dimmed">
        A profile picture can be added once this step is saved.
      </Text>
    );
  }

  const handleFile = (file: File) => {
    if (!isAcceptedProfileImage(file)) {
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
        <PhotoButton
          label={member.profileImageUrl ? 'Change photo' : 'Upload photo'}
          loading={upload.isPending}
          onFile={handleFile}
        />
        <Text size="xs" c="dimmed">
          {upload.isPending ? 'Uploading...' : 'JPG, JPEG or PNG, up to 15 MB'}
        </Text>
      </Stack>
    </Group>
  );
};
