import { Outlet } from 'react-router';
import { PageLoader } from '../../components/page-loader.tsx';
import { ScrollToTop } from './scroll-to-top.tsx';

export const RootLayout = () => (
  <>
    <ScrollToTop />
    <Outlet />
  </>
);

/** Shown while the first route's code loads. */
export const RootFallback = () => <PageLoader fullScreen />;
