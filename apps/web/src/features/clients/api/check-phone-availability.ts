import { normalizePhone, phoneAvailabilitySchema } from '@centric/contracts';
import { useCallback, useRef } from 'react';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

export type PhoneAvailability = z.infer<typeof phoneAvailabilitySchema>;

/** Spec §9: up to 5 phone lookups are cached. */
export const PHONE_LOOKUP_CACHE_SIZE = 5;

/**
 * GET /api/clients/phone-availability?phone=&memberId= (clients read): whether another member already
 * has this phone. `memberId` is the member being edited, whose own phones do not count.
 */
export const checkPhoneAvailability = async (phone: string, memberId?: string) =>
  (
    await api.get('/clients/phone-availability', {
      schema: phoneAvailabilitySchema,
      query: { phone, memberId },
    })
  ).result;

/** A least-recently-used cache of lookups, keyed by normalised phone and member. */
export const createPhoneLookupCache = (size = PHONE_LOOKUP_CACHE_SIZE) => {
  const entries = new Map<string, Promise<PhoneAvailability>>();
  return {
    get: (key: string) => {
      const hit = entries.get(key);
      if (hit) {
        entries.delete(key);
        entries.set(key, hit);
      }
      return hit;
    },
    set: (key: string, value: Promise<PhoneAvailability>) => {
      entries.delete(key);
      entries.set(key, value);
      while (entries.size > size) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
    },
    delete: (key: string) => entries.delete(key),
    get size() {
      return entries.size;
    },
  };
};

/**
 * The availability check of a form: one cache of the last 5 lookups for as long as the form lives.
 * Resolves null for a phone that is not complete (nothing to ask). A failed lookup is not cached.
 */
export const usePhoneAvailabilityCheck = (memberId: string | undefined) => {
  const cache = useRef(createPhoneLookupCache());
  return useCallback(
    (phone: string): Promise<PhoneAvailability> | null => {
      const normalized = normalizePhone(phone);
      if (normalized === null) return null;
      const key = `${normalized}|${memberId ?? ''}`;
      const cached = cache.current.get(key);
      if (cached) return cached;
      const lookup = checkPhoneAvailability(normalized, memberId);
      cache.current.set(key, lookup);
      lookup.catch(() => cache.current.delete(key));
      return lookup;
    },
    [memberId],
  );
};
