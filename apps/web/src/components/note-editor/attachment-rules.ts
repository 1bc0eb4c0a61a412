/** Spec §5 Files: attachments are jpg, jpeg, png or pdf up to 15 MB; callers may override types and message. */
export const DEFAULT_ATTACHMENT_ACCEPT = '.jpg,.jpeg,.png,.pdf';
export const ATTACHMENT_MAX_BYTES = 15 * 1024 * 1024;
export const ATTACHMENT_FORMAT_MESSAGE = 'File format accepted only .jpg,.jpeg,.png,.pdf up to 15 MB';

/** The lower-case extensions of an `accept` list such as '.jpg,.jpeg,.png,.pdf'. */
export const acceptedExtensions = (accept: string) =>
  accept
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter((entry) => entry.startsWith('.'))
    .map((entry) => entry.slice(1));

/**
 * Whether a picked file may be uploaded: its extension is in the list and it is not larger than the limit.
 * The browser's MIME type is not trusted (the server checks the content).
 */
export const isAcceptedAttachment = (
  file: Pick<File, 'name' | 'size'>,
  accept: string = DEFAULT_ATTACHMENT_ACCEPT,
  maxBytes: number = ATTACHMENT_MAX_BYTES,
) => {
  const dot = file.name.lastIndexOf('.');
  const extension = dot >= 0 ? file.name.slice(dot + 1).toLowerCase() : '';
  return extension !== '' && acceptedExtensions(accept).includes(extension) && file.size <= maxBytes;
};
