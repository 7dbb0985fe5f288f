import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { SimilarCars } from '../../../../domain/contracts/cars.ts';
import type { MyVisit, MyVisitsAnswer, VisitSlotsAnswer } from '../../../../domain/contracts/visits.ts';
import type { VisitBooking } from '../../../../domain/visits/visit.schema.ts';
import { apiFetch } from '../api-client.ts';
import { i18n } from '../i18n.ts';
import { isKnownVisitor } from './get-me.ts';

/**
 * The shopper's side of visits (docs/product/visits.md#booking): the free slots of a car, booking,
 * the shopper's own visits, and one visit by session or by a signed link's token, moved or
 * cancelled. Every change answers the visit as it is now.
 */
const visitsQueryKey = ['visits'] as const;
const myVisitsQueryKey = [...visitsQueryKey, 'mine'] as const;
const slotsQueryKey = [...visitsQueryKey, 'slots'] as const;

/** GET /api/visits/slots: the car's slots with a place left, from today to the booking horizon. */
function getVisitSlots(carUuid: string, signal?: AbortSignal): Promise<VisitSlotsAnswer> {
  return apiFetch<VisitSlotsAnswer>(`/api/visits/slots?${new URLSearchParams({ carUuid }).toString()}`, { signal });
}

/** Asked afresh on each visit to the screen: places fill up while the shopper looks. */
export function useVisitSlots(carUuid: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [...slotsQueryKey, carUuid] as const,
    queryFn: ({ signal }) => getVisitSlots(carUuid, signal),
    staleTime: 0,
    enabled,
  });
}

/** GET /api/visits/mine; a visitor the server does not know has none, and is not asked. */
function getMyVisits(signal?: AbortSignal): Promise<MyVisitsAnswer> {
  return apiFetch<MyVisitsAnswer>('/api/visits/mine', { signal });
}

export function useMyVisits() {
  return useQuery({
    queryKey: myVisitsQueryKey,
    queryFn: async ({ signal, client }): Promise<MyVisitsAnswer> => ((await isKnownVisitor(client)) ? getMyVisits(signal) : { items: [] }),
    staleTime: 0,
  });
}

/** A signed link's token, or null for the shopper's own session. */
type VisitToken = string | null;

const visitQueryKey = (id: number, token: VisitToken) => [...visitsQueryKey, 'one', id, token] as const;

/** GET /api/visits/{id}: the shopper's own visit, or anyone's with the signed link's token. */
function getVisit(id: number, token: VisitToken, signal?: AbortSignal): Promise<MyVisit> {
  const query = token === null ? '' : `?${new URLSearchParams({ token }).toString()}`;
  return apiFetch<MyVisit>(`/api/visits/${id}${query}`, { signal });
}

export function useVisit(id: number, token: VisitToken, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: visitQueryKey(id, token), queryFn: ({ signal }) => getVisit(id, token, signal), enabled });
}

/**
 * GET /api/cars/{uuid}/similar: available cars like the one a visit lost (sold, or kept by staff),
 * to move the visit to one of them.
 */
export function useCarsLike(uuid: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: ['cars', 'similar', uuid] as const,
    queryFn: ({ signal }) => apiFetch<SimilarCars>(`/api/cars/${encodeURIComponent(uuid)}/similar`, { signal }),
    enabled,
  });
}

/** In the page's language: the confirmation and the reminders are written in it. */
const bookVisit = (booking: VisitBooking) =>
  apiFetch<MyVisit>('/api/visits', { method: 'POST', json: booking, headers: { 'content-language': i18n.locale } });

interface VisitMoveRequest {
  id: number;
  token: VisitToken;
  start: string;
  /** Another car, for a visit whose car is gone. */
  carUuid?: string;
}

const moveVisit = ({ id, token, start, carUuid }: VisitMoveRequest) =>
  apiFetch<MyVisit>(`/api/visits/${id}`, {
    method: 'PATCH',
    json: { start, ...(carUuid ? { carUuid } : {}), ...(token === null ? {} : { token }) },
  });

const cancelVisit = ({ id, token }: { id: number; token: VisitToken }) =>
  apiFetch<MyVisit>(`/api/visits/${id}/cancel`, { method: 'POST', json: token === null ? {} : { token } });

/**
 * What a booking, a move or a cancellation changes besides the visit itself: the shopper's list,
 * the free places, and a car a hold now keeps (its card and page say who holds it).
 */
function afterChange(queryClient: QueryClient, visit: MyVisit, token: VisitToken) {
  queryClient.setQueryData(visitQueryKey(visit.id, token), visit);
  void queryClient.invalidateQueries({ queryKey: myVisitsQueryKey });
  void queryClient.invalidateQueries({ queryKey: slotsQueryKey });
  void queryClient.invalidateQueries({ queryKey: ['cars'] });
}

export function useBookVisit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bookVisit,
    onSuccess: (visit) => afterChange(queryClient, visit, null),
    // A place that went to someone else, or a car someone else now holds: the slots on screen are old.
    onError: () => queryClient.invalidateQueries({ queryKey: slotsQueryKey }),
  });
}

/** A change refused: the visit may have been cancelled or begun meanwhile, and the places have moved on. */
const afterRefusal = (queryClient: QueryClient, id: number, token: VisitToken) =>
  Promise.all([slotsQueryKey, myVisitsQueryKey, visitQueryKey(id, token)].map((queryKey) => queryClient.invalidateQueries({ queryKey })));

export function useMoveVisit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveVisit,
    onSuccess: (visit, { token }) => afterChange(queryClient, visit, token),
    onError: (_error, { id, token }) => afterRefusal(queryClient, id, token),
  });
}

export function useCancelVisit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelVisit,
    onSuccess: (visit, { token }) => afterChange(queryClient, visit, token),
    onError: (_error, { id, token }) => afterRefusal(queryClient, id, token),
  });
}
