import {
  brandsResponseSchema,
  downloadLinkSchema,
  filesByParentResponseSchema,
  filesCollectionSchema,
  modelsCollectionSchema,
  softsCollectionSchema,
} from '@benchside/contracts/catalogue';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from './http.ts';

/** Shared by the Files, Firmwares and Tools pages: the catalogue calls of spec §7. */
export const CATALOGUE_PAGE_SIZE = 20;

export const folderQueryOptions = (parent: number | null, page: number) =>
  queryOptions({
    queryKey: ['catalogue', 'folder', parent, page],
    queryFn: async () =>
      filesByParentResponseSchema.parse(
        await http.get('/file/get-by-parent', {
          query: { ...(parent === null ? {} : { parent }), page, itemsPerPage: CATALOGUE_PAGE_SIZE },
        }),
      ),
    placeholderData: keepPreviousData,
  });

export function useFolder(parent: number | null, page: number, enabled = true) {
  return useQuery({ ...folderQueryOptions(parent, page), enabled });
}

/** `GET /api/files?file=`: the whole tree searched by name. */
export function useFileSearch(text: string, page: number) {
  return useQuery({
    queryKey: ['catalogue', 'search', text, page],
    queryFn: async () =>
      filesCollectionSchema.parse(
        await http.get('/files', { query: { file: text, page, itemsPerPage: CATALOGUE_PAGE_SIZE } }),
      ),
    placeholderData: keepPreviousData,
    enabled: text !== '',
  });
}

export function useBrands(enabled = true) {
  return useQuery({
    queryKey: ['catalogue', 'brands'],
    queryFn: async () => brandsResponseSchema.parse(await http.get('/model/brands')),
    enabled,
  });
}

/** `GET /api/models?brand=` or, when searching, `?model=`. */
export function useModels(filter: { brand: string } | { model: string }, page: number) {
  const active = 'brand' in filter ? filter.brand !== '' : filter.model !== '';
  return useQuery({
    queryKey: ['catalogue', 'models', filter, page],
    queryFn: async () =>
      modelsCollectionSchema.parse(
        await http.get('/models', { query: { ...filter, page, itemsPerPage: CATALOGUE_PAGE_SIZE } }),
      ),
    placeholderData: keepPreviousData,
    enabled: active,
  });
}

export function useSofts(enabled = true) {
  return useQuery({
    queryKey: ['catalogue', 'softs'],
    queryFn: async () => softsCollectionSchema.parse(await http.get('/softs')),
    enabled,
  });
}

export async function getDownloadLink(fileId: number) {
  return downloadLinkSchema.parse(await http.get(`/file/get-download-link/${fileId}`));
}
