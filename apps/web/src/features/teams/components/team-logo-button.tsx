import { TEAM_MESSAGES } from '@centric/contracts';
import { ActionIcon, FileButton, Tooltip } from '@mantine/core';
import { IconPhotoUp } from '@tabler/icons-react';
import { useRef } from 'react';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { teamLogoProblem, useUploadTeamLogo } from '../api/upload-team-logo.ts';

/** Picks a jpg/jpeg/png up to 512 KB (checked here and, by content, on the server) as the team logo. */
export const TeamLogoButton = ({ teamId, teamName }: { teamId: number; teamName: string }) => {
  const upload = useUploadTeamLogo();
  const resetRef = useRef<() => void>(null);

  const handleFile = (file: File | null) => {
    resetRef.current?.();
    if (!file) return;
    const problem = teamLogoProblem(file);
    if (problem) {
      notifyError(problem === 'size' ? TEAM_MESSAGES.logoTooLarge : TEAM_MESSAGES.logoFormat);
      return;
    }
    upload.mutate(
      { teamId, file },
      {
        onSuccess: ({ message }) => notifySuccess(message || TEAM_MESSAGES.logoUpdated),
        onError: (error) => notifyError(errorMessage(error)),
      },
    );
  };

  return (
    <FileButton onChange={handleFile} accept="image/png,image/jpeg" resetRef={resetRef}>
      {(props) => (
        <Tooltip label="Upload logo (JPG or PNG, up to 512 KB)">
          <ActionIcon
            {...props}
            variant="subtle"
            loading={upload.isPending}
            aria-label={`Upload logo of ${teamName}`}
          >
            <IconPhotoUp size={16} aria-hidden="true" />
          </ActionIcon>
        </Tooltip>
      )}
    </FileButton>
  );
};
