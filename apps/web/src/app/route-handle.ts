import { type Feature, featureSchema } from '@centric/contracts';

/** What a route declares in its `handle`: the feature whose read permission it needs. */
export type RouteHandle = { feature: Feature };

export const featureOfHandle = (handle: unknown): Feature | undefined => {
  if (typeof handle !== 'object' || handle === null || !('feature' in handle)) return undefined;
  const parsed = featureSchema.safeParse(handle.feature);
  return parsed.success ? parsed.data : undefined;
};
