import { useEffect, useState } from 'react';
import type { SsoConfig } from '@centric/contracts';
import { getSsoConfig } from '../api/get-sso-config.ts';

/** An answer is reused for 5 minutes (the providers change only with a server restart). */
export const SSO_CONFIG_FRESH_MS = 5 * 60 * 1000;

let known: { at: number; config: Promise<SsoConfig | null> } | null = null;

/**
 * GET /api/sso/config, read without zod (lib/session-shapes.ts): the sign-in screen asks as it shows. A failed
 * call answers null and is not kept.
 */
export const loadSsoConfig = (now = Date.now()): Promise<SsoConfig | null> => {
  if (known && now - known.at < SSO_CONFIG_FRESH_MS) return known.config;
  const config = getSsoConfig().then(
    (answer) => answer.result,
    () => {
      known = null;
      return null;
    },
  );
  known = { at: now, config };
  return config;
};

/** Forgets the kept answer, so the next screen asks again (the tests start each file from none). */
export const forgetSsoConfig = () => {
  known = null;
};

/** The configured single sign-on providers, or null while loading and when the call failed. */
export const useSsoConfig = (): SsoConfig | null => {
  const [config, setConfig] = useState<SsoConfig | null>(null);
  useEffect(() => {
    let mounted = true;
    void loadSsoConfig().then((loaded) => {
      if (mounted) setConfig(loaded);
    });
    return () => {
      mounted = false;
    };
  }, []);
  return config;
};
