import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import type { LicenceSide } from '../../../../../domain/contracts/documents.ts';
import { fetchFile } from '../../../lib/staff/api/fetch-file.ts';

export const licencePhotoQuery = (applicationId: number, side: LicenceSide) =>
  queryOptions({
    queryKey: ['dashboard', 'licence', applicationId, side],
    queryFn: ({ signal }) => fetchFile(`/api/applications/${applicationId}/documents/${side}`, signal),
    // Each view is audited: fetch once per visit, not on every re-render or focus.
    staleTime: Infinity,
    gcTime: 0,
  });

/** GET /api/applications/{id}/documents/{side} as an object URL for <img>, released with the component. */
export function useLicencePhoto(applicationId: number, side: LicenceSide) {
  const query = useQuery(licencePhotoQuery(applicationId, side));
  const url = useMemo(() => (query.data ? URL.createObjectURL(query.data) : undefined), [query.data]);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return { ...query, url };
}
