import { type MeetingStatus, meetingSchema } from '@centric/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateMeetings } from './invalidate.ts';

/** PUT /api/meetings/:id/status: Update Status (Upcoming, Held, Cancelled, Postponed). */
export const updateMeetingStatus = async ({ id, status }: { id: string; status: MeetingStatus }) => {
  const { result, message } = await api.put(`/meetings/${id}/status`, { status }, { schema: meetingSchema });
  return { meeting: result, message };
};

export const useUpdateMeetingStatus = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateMeetingStatus, onSuccess: () => invalidateMeetings(queryClient) });
};
