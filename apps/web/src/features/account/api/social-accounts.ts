import { collectionSchema } from '@benchside/contracts/common';
import { type SocialLinkBody, socialAccountSchema } from '@benchside/contracts/social-auth';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { queryClient } from '../../../lib/query-client.ts';

export const socialAccountsQueryKey = ['account', 'social-accounts'] as const;

const socialAccountsSchema = collectionSchema(socialAccountSchema);

/** `GET /api/social-auth`: the Google and Facebook accounts linked to this one. */
export async function getSocialAccounts() {
  return socialAccountsSchema.parse(await http.get('/social-auth'));
}

export function useSocialAccounts() {
  return useQuery(queryOptions({ queryKey: socialAccountsQueryKey, queryFn: getSocialAccounts }));
}

const refresh = () => queryClient.invalidateQueries({ queryKey: socialAccountsQueryKey });

/** `POST /api/social-auth/add`: links the provider account the user just signed in to. */
export function useLinkSocialAccount() {
  return useMutation({
    mutationFn: async (body: SocialLinkBody) =>
      socialAccountSchema.parse(await http.post('/social-auth/add', body)),
    onSettled: refresh,
  });
}

/** `DELETE /api/social-auth/delete/{id}`, with the current password. */
export function useUnlinkSocialAccount() {
  return useMutation({
    mutationFn: ({ id, password }: { id: string; password: string }) =>
      http.delete(`/social-auth/delete/${encodeURIComponent(id)}`, { body: { password } }),
    onSettled: refresh,
  });
}
