import { z } from 'zod';

export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** The response envelope of API.md, around any result schema. */
export const envelope = <T extends z.ZodType>(result: T) =>
  z.object({
    statusCode: z.number().int(),
    message: z.string(),
    result,
    totalResults: z.number().int().optional(),
  });

export const errorEnvelopeSchema = z.object({
  statusCode: z.number().int(),
  message: z.string(),
  result: z.null(),
  errors: z.array(fieldErrorSchema).optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

export type Envelope<T> = { statusCode: number; message: string; result: T; totalResults?: number };
