import { PROFILE_IMAGE_MAX_BYTES, PROFILE_IMAGE_TYPES } from '@centric/contracts';
import { Button, FileButton } from '@mantine/core';
import { IconCamera } from '@tabler/icons-react';
import { useRef } from 'react';

const ACCEPTED_EXTENSIONS = ['jpg', 'jpeg', 'png'] as const;

/** A person's picture as the server takes it (it checks again, by content): .jpg, .jpeg or .png up to 15 MB. */
export const isAcceptedProfileImage = (file: File): boolean => {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  return (
    (PROFILE_IMAGE_TYPES as readonly string[]).includes(file.type) &&
    (ACCEPTED_EXTENSIONS as readonly string[]).includes(extension) &&
    file.size > 0 &&
    file.size <= PROFILE_IMAGE_MAX_BYTES
  );
};

type PhotoButtonProps = {
  /** 'Upload photo', 'Change photo'. */
  label: string;
  loading: boolean;
  onFile: (file: File) => void;
};

/** Opens the file chooser for a JPG or PNG picture; the same file can be chosen again after a refusal. */
export const PhotoButton = ({ label, loading, onFile }: PhotoButtonProps) => {
  const resetRef = useRef<() => void>(null);
  const handleChange = (file: File | null) => {
    resetRef.current?.();
    if (file) onFile(file);
  };
  return (
    <FileButton onChange={handleChange} accept="image/png,image/jpeg" resetRef={resetRef}>
      {(props) => (
        <Button
          {...props}
          variant="light"
          size="xs"
          leftSection={<IconCamera size={16} aria-hidden="true" />}
          loading={loading}
        >
          {label}
        </Button>
      )}
    </FileButton>
  );
};
