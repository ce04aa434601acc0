// Partner apps' Open311 API keys: the list, issuing one (answered with the key, once) and revoking one.
import { useQuery } from '@tanstack/react-query';
import { open311PartnersApi } from '#client/lib/calls/open311-partners.ts';
import { useRefreshingMutation } from '#client/lib/query-client.ts';

export const apiKeysKey = [open311PartnersApi.keys.url()] as const;

export const useApiKeys = () => useQuery({ queryKey: apiKeysKey, queryFn: () => open311PartnersApi.keys() });

export const useIssueApiKey = () =>
  useRefreshingMutation((name: string) => open311PartnersApi.issueKey({ body: { name } }), [apiKeysKey]);

export const useRevokeApiKey = () =>
  useRefreshingMutation((id: number) => open311PartnersApi.revokeKey({ params: { id } }), [apiKeysKey]);
