import {
  supportedBrandsSchema,
  supportedModelSchema,
  supportedModelsCollectionSchema,
} from '@benchside/contracts/supported-models';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

export const SUPPORTED_MODELS_PAGE_SIZE = 20;

/** `GET /api/supported-models?q=&brand=`: every model when both are empty. */
export function useSupportedModels(filter: { q: string; brand: string }, page: number) {
  return useQuery({
    queryKey: ['supported-models', filter, page],
    queryFn: async () =>
      supportedModelsCollectionSchema.parse(
        await http.get('/supported-models', {
          query: {
            ...(filter.q === '' ? {} : { q: filter.q }),
            ...(filter.brand === '' ? {} : { brand: filter.brand }),
            page,
            itemsPerPage: SUPPORTED_MODELS_PAGE_SIZE,
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/supported-models/brands`: the brand filter's choices. */
export function useSupportedBrands() {
  return useQuery({
    queryKey: ['supported-models', 'brands'],
    queryFn: async () => supportedBrandsSchema.parse(await http.get('/supported-models/brands')),
  });
}

/** `GET /api/supported-models/{id}`: one model's functions, products and costs. */
export function useSupportedModel(id: string) {
  return useQuery({
    queryKey: ['supported-models', 'model', id],
    queryFn: async () =>
      supportedModelSchema.parse(await http.get(`/supported-models/${encodeURIComponent(id)}`)),
  });
}
