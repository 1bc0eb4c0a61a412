import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Spec §2: scroll resets to the top on navigation (a change of path, not of query or hash). */
export const ScrollToTop = () => {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0 });
  }, [pathname]);
  return null;
};
