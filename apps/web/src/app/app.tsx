import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { BrowserRouter, useLocation } from 'react-router';
import { useCurrentUser } from '../lib/auth.ts';
import { useStore } from '../lib/create-store.ts';
import { LazyToaster, toasterRequestedStore } from '../lib/notify.ts';
import { queryClient } from '../lib/query-client.ts';
import { hideSplashScreen } from '../lib/splash-screen.ts';
import { RouteErrorBoundary } from './route-error-boundary.tsx';
import { AppRoutes } from './router.tsx';

/** Mounted beside the routes inside one Suspense boundary, so it commits once the layout has loaded. */
function HideSplashScreenWhenLoaded() {
  useEffect(hideSplashScreen, []);
  return null;
}

/** Spec §4: with a current user the signed-in route table applies, without one the signed-out one. */
function AuthenticatedRoutes() {
  const { data: user, isPending } = useCurrentUser();
  const { pathname } = useLocation();
  if (isPending) return null;
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <Suspense fallback={null}>
        <AppRoutes signedIn={Boolean(user)} />
        <HideSplashScreenWhenLoaded />
      </Suspense>
    </RouteErrorBoundary>
  );
}

export function App() {
  const toasterRequested = useStore(toasterRequestedStore);
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AuthenticatedRoutes />
      </BrowserRouter>
      {toasterRequested ? (
        <Suspense fallback={null}>
          <LazyToaster />
        </Suspense>
      ) : null}
    </QueryClientProvider>
  );
}
