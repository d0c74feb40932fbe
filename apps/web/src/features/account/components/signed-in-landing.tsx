import { Navigate } from 'react-router';
import { useReturnPathAfterSignIn } from '../return-after-sign-in.ts';

/** Where auth/* leads a signed-in user: back to the page that asked for sign-in, else /cards. */
export function SignedInLanding() {
  return <Navigate to={useReturnPathAfterSignIn('/cards')} replace />;
}
