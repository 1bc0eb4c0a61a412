import { AUTH_MESSAGES, type Prospect } from '@centric/contracts';
import { Group } from '@mantine/core';
import { AuthenticatedAvatar } from '../../../components/authenticated-avatar.tsx';
import { isAcceptedProfileImage, PhotoButton } from '../../../components/photo-button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useUploadProspectImage } from '../api/save-prospect.ts';

/** The prospect's profile image (initials without one) and, for writers, Change photo. */
export const ProspectPhoto = ({ prospect, canWrite }: { prospect: Prospect; canWrite: boolean }) => {
  const upload = useUploadProspectImage();
  const handleFile = (file: File) => {
    if (!isAcceptedProfileImage(file)) {
      notifyError(AUTH_MESSAGES.profileImageFormat);
      return;
    }
    upload.mutate(
      { id: prospect.id, file },
      {
        onSuccess: ({ message }) => notifySuccess(message),
        onError: (error) => notifyError(errorMessage(error)),
      },
    );
  };
  return (
    <Group gap="sm">
      <AuthenticatedAvatar imagePath={prospect.profileImageUrl} name={prospect.displayName} size="lg" />
      {canWrite && <PhotoButton label="Change photo" loading={upload.isPending} onFile={handleFile} />}
    </Group>
  );
};
