/** Query keys of the fee-schedules feature; `all` refreshes every one of its queries. */
export const feeScheduleKeys = {
  all: ['fee-schedules'] as const,
  lists: () => ['fee-schedules', 'list'] as const,
};
