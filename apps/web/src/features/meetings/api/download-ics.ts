import { apiDownload } from '../../../lib/api-client.ts';

/** A file name from a meeting's title: "Annual review" → "annual-review.ics". */
export const icsFileName = (title: string): string =>
  `${
    title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'meeting'
  }.ics`;

/** GET /api/meetings/:id/ics with the bearer token, saved by the browser as a calendar file. */
export const downloadMeetingIcs = async (id: string, title: string): Promise<void> => {
  await apiDownload(`/meetings/${id}/ics`, icsFileName(title));
};
