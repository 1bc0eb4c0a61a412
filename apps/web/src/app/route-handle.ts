import { type Feature, isFeature } from '@centric/contracts';

/** What a route declares in its `handle`: the feature whose read permission it needs. */
export type RouteHandle = { feature: Feature };

export const featureOfHandle = (handle: unknown): Feature | undefined => {
  if (typeof handle !== 'object' || handle === null || !('feature' in handle)) return undefined;
  return isFeature(handle.feature) ? handle.feature : undefined;
};
