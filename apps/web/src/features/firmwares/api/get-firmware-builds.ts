import { firmwareBuildsResponseSchema } from '@benchside/contracts/firmwares';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { CATALOGUE_PAGE_SIZE } from '../../../lib/catalogue-api.ts';
import { http } from '../../../lib/http.ts';

export interface FirmwareBuildsFilter {
  brand: string;
  model: string;
  /** Empty: every region. */
  region: string;
  /** Empty: every Android version. */
  android: string;
}

export const firmwareBuildsQueryOptions = (filter: FirmwareBuildsFilter, page: number) =>
  queryOptions({
    queryKey: ['catalogue', 'firmware-builds', filter, page],
    queryFn: async () => {
      const { brand, model, region, android } = filter;
      const query = {
        brand,
        model,
        region: region || undefined,
        android: android || undefined,
        page,
        itemsPerPage: CATALOGUE_PAGE_SIZE,
      };
      return firmwareBuildsResponseSchema.parse(await http.get('/firmwares', { query }));
    },
    placeholderData: keepPreviousData,
  });

/** `GET /api/firmwares`: one model's builds, newest release first, with the model's regions and Android versions. */
export function useFirmwareBuilds(filter: FirmwareBuildsFilter, page: number) {
  return useQuery({
    ...firmwareBuildsQueryOptions(filter, page),
    enabled: filter.brand !== '' && filter.model !== '',
  });
}
