import { useEffect } from 'react';
import { useSignOut } from '../../features/auth/hooks/use-sign-out.ts';
import { isIdleExpired, markActivity } from '../../lib/session.ts';

const CHECK_EVERY_MS = 60_000;

/** Spec §4 and §9: signs out after 5 days without user activity (pointer or keyboard). */
export const useIdleSignOut = () => {
  const signOut = useSignOut();
  useEffect(() => {
    const handleActivity = () => markActivity();
    const check = () => {
      if (isIdleExpired()) void signOut();
    };
    check();
    window.addEventListener('pointerdown', handleActivity, { passive: true });
    window.addEventListener('keydown', handleActivity);
    const interval = window.setInterval(check, CHECK_EVERY_MS);
    return () => {
      window.removeEventListener('pointerdown', handleActivity);
      window.removeEventListener('keydown', handleActivity);
      window.clearInterval(interval);
    };
  }, [signOut]);
};
