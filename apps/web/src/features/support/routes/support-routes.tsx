import '../support.scss';
import { Navigate, Route, Routes } from 'react-router';
import { clientConfig } from '../../../lib/client-config.ts';
import { ArticlePage } from './article-page.tsx';
import { SupportHomePage } from './support-home-page.tsx';
import { TicketPage } from './ticket-page.tsx';

/**
 * Everything under `/support`, in one lazy chunk. With `SUPPORT_ENABLED` off (spec §2: switched off
 * in this build) there is no support page at all: the path is an unknown one, like any other.
 */
export function SupportRoutes() {
  if (!clientConfig.supportEnabled) return <Navigate to="/error/404" replace />;
  return (
    <Routes>
      <Route index element={<SupportHomePage />} />
      <Route path="articles/:slug" element={<ArticlePage />} />
      <Route path="ticket" element={<TicketPage />} />
      <Route path="*" element={<Navigate to="/error/404" replace />} />
    </Routes>
  );
}
