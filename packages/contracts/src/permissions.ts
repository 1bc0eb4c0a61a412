import { z } from 'zod';
import { FEATURES, type Feature } from './features.ts';

export const featureSchema = z.enum(FEATURES as [Feature, ...Feature[]]);

export const permissionEntrySchema = z.object({
  feature: featureSchema,
  module: z.string(),
  read: z.boolean(),
  write: z.boolean(),
  delete: z.boolean(),
});
export type PermissionEntry = z.infer<typeof permissionEntrySchema>;
