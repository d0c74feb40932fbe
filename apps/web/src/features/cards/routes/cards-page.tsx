import { matchPath, Navigate, Route, Routes } from 'react-router';
import { AddCardPage } from './add-card-page.tsx';
import { CardDetailPage } from './card-detail-page.tsx';
import { CardsOverviewPage, startCardsOverviewReads } from './cards-overview-page.tsx';
import { CredentialPage } from './credential-page.tsx';
import { CreditsPage } from './credits-page.tsx';

/** Starts the reads the page at `pathname` makes first, for the entry to run beside the chunks' arrival. */
export function startCardsPageReads(pathname: string): void {
  if (matchPath('/cards', pathname)) startCardsOverviewReads();
}

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
