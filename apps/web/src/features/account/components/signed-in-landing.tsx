import { Navigate, useLocation } from 'react-router';
import { signedOutLinkAt, signedOutLinkState } from '../../../lib/signed-out-link.ts';
import { useReturnPathAfterSignIn } from '../return-after-sign-in.ts';

function ReturnAfterSignIn() {
  return <Navigate to={useReturnPathAfterSignIn('/cards')} replace />;
}

/**
 * Where auth/* leads a signed-in user: /cards, carrying a reset-password or verify-email link so
 * /cards can offer to sign out and open it; otherwise back to the page that asked for sign-in.
 */
export function SignedInLanding() {
  const link = signedOutLinkAt(useLocation());
  if (link) return <Navigate to="/cards" replace state={signedOutLinkState(link)} />;
  return <ReturnAfterSignIn />;
}
