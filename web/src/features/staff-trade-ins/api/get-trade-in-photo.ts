import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { fetchFile } from '../../../lib/staff/api/fetch-file.ts';

/** A trade-in photo is never changed in place: a new one has a new path, so one fetch per path is enough. */
export const tradeInPhotoQuery = (path: string) =>
  queryOptions({
    queryKey: ['dashboard', 'trade-in-photo', path],
    queryFn: ({ signal }) => fetchFile(path, signal),
    staleTime: Infinity,
  });

/**
 * A trade-in photo or queue cover (an API path that checks who asks) as an object URL for <img>,
 * released with the component: inside Telegram the identity is a header a plain <img src> cannot send.
 */
export function useTradeInPhoto(path: string) {
  const query = useQuery(tradeInPhotoQuery(path));
  const url = useMemo(() => (query.data ? URL.createObjectURL(query.data) : undefined), [query.data]);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return { ...query, url };
}
