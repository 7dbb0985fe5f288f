import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import type { CarCard, FavoriteState, RecentlyViewedCars } from '../../../../../domain/contracts/cars.ts';
import { toast } from '../../../components/toasts.tsx';
import { getCarQueryOptions } from '../../../lib/api/get-car.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import type { Paged } from '../../../../../domain/contracts/paged.ts';
import { carListsQueryKey, type CarPages } from './get-cars.ts';
import { favoritesQueryKey } from './get-favorites.ts';
import { recentlyViewedQueryKey } from './get-recently-viewed.ts';

/** POST /api/viewed-cars/toggle-favorite: flips the favourite for the verified user and answers the new state. */
export function toggleFavorite(carUuid: string): Promise<FavoriteState> {
  return apiFetch<FavoriteState>('/api/viewed-cars/toggle-favorite', { method: 'POST', json: { car_uuid: carUuid } });
}

/**
 * Writes one car's favourite flag into every cached list (cards), the favourites, the recently
 * viewed cars and its details (the whole car), so all screens agree at once. The favourites keep an unmarked car until they are next
 * fetched: the screen hides it, and Undo brings it back in the same place.
 */
export function setFavoriteInCache(queryClient: QueryClient, carUuid: string, isFavorite: boolean): void {
  const patch = <T extends Pick<CarCard, 'uuid' | 'is_favorite'>>(car: T): T =>
    car.uuid === carUuid && car.is_favorite !== isFavorite ? { ...car, is_favorite: isFavorite } : car;
  queryClient.setQueriesData<CarPages>(
    { queryKey: carListsQueryKey },
    (data) => data && { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.map(patch) })) },
  );
  queryClient.setQueryData<Paged<CarCard>>(favoritesQueryKey, (data) => data && { ...data, items: data.items.map(patch) });
  queryClient.setQueryData<RecentlyViewedCars>(recentlyViewedQueryKey, (data) => data && { ...data, items: data.items.map(patch) });
  queryClient.setQueryData(getCarQueryOptions(carUuid).queryKey, (car) => car && patch(car));
}

interface ToggleVariables {
  carUuid: string;
  /** The state the user sees before the click; the optimistic update shows its opposite. */
  wasFavorite: boolean;
}

export function useToggleFavorite() {
  const queryClient = useQueryClient();
  const { i18n } = useLingui();
  return useMutation({
    mutationFn: ({ carUuid }: ToggleVariables) => toggleFavorite(carUuid),
    onMutate: async ({ carUuid, wasFavorite }) => {
      // An in-flight refetch would otherwise overwrite the optimistic flag with the old one.
      await Promise.all([
        queryClient.cancelQueries({ queryKey: carListsQueryKey }),
        queryClient.cancelQueries({ queryKey: getCarQueryOptions(carUuid).queryKey }),
        queryClient.cancelQueries({ queryKey: favoritesQueryKey }),
        queryClient.cancelQueries({ queryKey: recentlyViewedQueryKey }),
      ]);
      setFavoriteInCache(queryClient, carUuid, !wasFavorite);
    },
    onSuccess: (state) => {
      setFavoriteInCache(queryClient, state.car_uuid, state.is_favorite);
      // A newly marked car is missing from the cached favourites: fetch them afresh. A removal is
      // already reflected by the flag, and so is an Undo (the card is still cached, in its place):
      // refetching then would move it to the top, as the newest favourite, under the user's eyes.
      const cached = queryClient.getQueryData<Paged<CarCard>>(favoritesQueryKey)?.items.some((car) => car.uuid === state.car_uuid) ?? false;
      void queryClient.invalidateQueries({ queryKey: favoritesQueryKey, refetchType: state.is_favorite && !cached ? 'active' : 'none' });
    },
    onError: (_error, { carUuid, wasFavorite }) => {
      setFavoriteInCache(queryClient, carUuid, wasFavorite);
      toast.error(i18n._('Could not update favourites. Please try again.'));
    },
  });
}
