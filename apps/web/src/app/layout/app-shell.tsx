import { Outlet } from 'react-router';
import { PageLoader } from '../../components/page-loader.tsx';
import { useCurrentUser } from '../../lib/session.ts';
import classes from './shell.module.css';
import { Sidebar } from './sidebar.tsx';
import { TopBar } from './top-bar.tsx';
import { useIdleSignOut } from './use-idle-sign-out.ts';

/** The signed-in frame: top bar, sidebar and the white content area. Rendered inside RequireSignedIn. */
export const AppShell = () => {
  const user = useCurrentUser();
  useIdleSignOut();
  if (!user) return <PageLoader fullScreen />;
  return (
    <>
      <a href="#main-content" className="skip-link">
        Skip to content
      </a>
      <TopBar user={user} />
      <Sidebar user={user} />
      <main id="main-content" className={classes.main} tabIndex={-1}>
        <div className={classes.content}>
          <Outlet />
        </div>
      </main>
    </>
  );
};
