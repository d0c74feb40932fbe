import { Navigate, Route, Routes } from 'react-router';
import { AddCardPage } from './add-card-page.tsx';
import { CardDetailPage } from './card-detail-page.tsx';
import { CardsOverviewPage } from './cards-overview-page.tsx';
import { CredentialPage } from './credential-page.tsx';
import { CreditsPage } from './credits-page.tsx';

/**
 * The signed-in landing area (spec §2 `cards/*`); its sub-routes are ours to design
 * (docs/decisions/079-cards-sub-routes.md).
 */
export function CardsPage() {
  return (
    <Routes>
      <Route index element={<CardsOverviewPage />} />
      <Route path="add" element={<AddCardPage />} />
      <Route path="credentials/:id" element={<CredentialPage />} />
      <Route path="credits" element={<CreditsPage />} />
      <Route path=":id" element={<CardDetailPage />} />
      <Route path="*" element={<Navigate to="/error/404" replace />} />
    </Routes>
  );
}
