import {
  type CreateMeetingBody,
  type Meeting,
  meetingSchema,
  type UpdateMeetingBody,
} from '@centric/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateMeetings } from './invalidate.ts';

/** POST /api/meetings (a household's through clientId), or PATCH /api/meetings/:id. */
export type SaveMeetingInput =
  { id: null; body: CreateMeetingBody } | { id: string; body: UpdateMeetingBody };

export const saveMeeting = async (
  input: SaveMeetingInput,
): Promise<{ meeting: Meeting; message: string }> => {
  const { result, message } =
    input.id === null
      ? await api.post('/meetings', input.body, { schema: meetingSchema })
      : await api.patch(`/meetings/${input.id}`, input.body, { schema: meetingSchema });
  return { meeting: result, message };
};

export const useSaveMeeting = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveMeeting, onSuccess: () => invalidateMeetings(queryClient) });
};
