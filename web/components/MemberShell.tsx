import { RealtimeBridge } from '@web/realtime/RealtimeBridge.tsx';
import { Outlet } from 'react-router';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';

/**
 * What surrounds every signed-in screen: the header (search, nav, bell, drawer), the realtime
 * connection and the footer. Its own chunk, so a visitor of /auth does not download it.
 */
export default function MemberShell() {
  return (
    <>
      <RealtimeBridge />
      <Header />
      <div className="flex min-h-screen flex-col pt-16">
        <div className="flex-1">
          <Outlet />
        </div>
        <Footer />
      </div>
    </>
  );
}
