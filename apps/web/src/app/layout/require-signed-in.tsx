import { Button } from '@mantine/core';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { PageLoader } from '../../components/page-loader.tsx';
import { ErrorState } from '../../components/error-state.tsx';
import { useSignOut } from '../../features/auth/hooks/use-sign-out.ts';
import { useProfile } from '../../features/profile/api/get-profile.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { canRead } from '../../lib/permissions.ts';
import { setSessionUser, useSession } from '../../lib/session.ts';
import { featureOfHandle } from '../route-handle.ts';
import { paths } from '../../lib/paths.ts';

/**
 * Signed-in routes: no session -> `/`; a pre-MFA session -> `/mfa`; then the user's details (refreshed every
 * 20 s, a 401 signs out) and the read permission of every matched route's feature, else `/unauthorized`.
 * Loaded lazily with the signed-in routes (guards.tsx holds the guards the sign-in screen needs).
 */
export const RequireSignedIn = () => {
  const session = useSession();
  const location = useLocation();
  const matches = useMatches();
  const signOut = useSignOut();
  const fullSession = session?.stage === 'full';
  const profile = useProfile({ refresh: true, enabled: fullSession });

  useEffect(() => {
    if (profile.data) setSessionUser(profile.data);
  }, [profile.data]);

  if (!session) return <Navigate to={paths.signIn.href()} replace state={{ from: location.pathname }} />;
  if (session.stage === 'mfa') return <Navigate to={paths.mfa.href()} replace />;

  const user = session.user;
  if (!user) {
    if (profile.isError) {
      return (
        <ErrorState
          title="We could not load your profile"
          message={errorMessage(profile.error)}
          onRetry={() => void profile.refetch()}
          retrying={profile.isFetching}
          actions={
            <Button variant="subtle" onClick={() => void signOut()}>
              Sign Out
            </Button>
          }
        />
      );
    }
    return <PageLoader label="Loading your workspace..." fullScreen />;
  }

  const denied = matches.some((match) => {
    const feature = featureOfHandle(match.handle);
    return feature !== undefined && !canRead(user, feature);
  });
  if (denied) return <Navigate to={paths.unauthorized.href()} replace />;

  return <Outlet />;
};
