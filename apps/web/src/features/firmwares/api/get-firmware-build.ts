import { firmwareBuildDetailSchema } from '@benchside/contracts/firmwares';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

/** `GET /api/firmwares/{id}`: one build with its changelog, asked for when its details are opened. */
export function useFirmwareBuild(id: number) {
  return useQuery({
    queryKey: ['catalogue', 'firmware-build', id],
    queryFn: async () => firmwareBuildDetailSchema.parse(await http.get(`/firmwares/${id}`)),
  });
}
