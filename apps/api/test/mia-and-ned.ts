import { signIn } from '@benchside/test-kit/sign-in';
import { createUser, type RunningApi } from '@benchside/test-kit/start-api';

export const MIA = { username: 'mia', email: 'mia@example.test', password: 'Mia#Bench2026' };
export const NED = { username: 'ned', email: 'ned@example.test', password: 'Ned#Bench2026' };

/** Mia and Ned as users of the API, each signed in: a user's own data beside someone else's. */
export async function signedInMiaAndNed(api: RunningApi) {
  const [miaId, nedId] = await Promise.all([createUser(api.db, MIA), createUser(api.db, NED)]);
  const [mia, ned] = await Promise.all([
    signIn(api, MIA.username, MIA.password),
    signIn(api, NED.username, NED.password),
  ]);
  return { miaId, nedId, mia, ned };
}
