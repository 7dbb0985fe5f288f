import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MyTradeIn, TradeInAngle } from '../../../../domain/contracts/trade-ins.ts';
import type { TradeInDraft } from '../../../../domain/trade-ins/trade-in.schema.ts';
import { ApiError, apiFetch } from '../api-client.ts';
import { uploadWithProgress, type UploadOptions } from '../upload-with-progress.ts';
import { isKnownVisitor } from './get-me.ts';

/**
 * The shopper's own trade-in under /api/trade-ins/mine (docs/product/trade-ins.md#the-shoppers-side).
 * Every action answers the trade-in as it is now, which replaces the cached one at once.
 */
export const myTradeInQueryKey = ['trade-ins', 'mine'] as const;

const MINE = '/api/trade-ins/mine';

/** What the describe screen sends: any part of the draft, a condition's questions one by one. */
export type TradeInDraftPatch = Partial<Omit<TradeInDraft, 'condition'>> & { condition?: Partial<TradeInDraft['condition']> };

export function getMyTradeIn(signal?: AbortSignal): Promise<MyTradeIn | null> {
  return apiFetch<MyTradeIn | null>(MINE, { signal });
}

export const myTradeInQueryOptions = () =>
  queryOptions({
    queryKey: myTradeInQueryKey,
    queryFn: async ({ signal, client }) => ((await isKnownVisitor(client)) ? getMyTradeIn(signal) : null),
  });

/**
 * The shopper's trade-in, or null when they have none. `live` asks again whenever the screen comes
 * back into view: photos sent in the bot's chat arrive while the app is in the background.
 */
export function useMyTradeIn({ live = false }: { live?: boolean } = {}) {
  return useQuery({ ...myTradeInQueryOptions(), ...(live ? { refetchOnWindowFocus: 'always' as const } : {}) });
}

/** POST creates the trade-in (201) or answers the draft already there (200); the first save makes a web guest. */
export const startTradeIn = (draft: TradeInDraftPatch = {}) => apiFetch<MyTradeIn>(MINE, { method: 'POST', json: draft });
export const saveTradeIn = (patch: TradeInDraftPatch) => apiFetch<MyTradeIn>(MINE, { method: 'PATCH', json: patch });
export const submitTradeIn = () => apiFetch<MyTradeIn>(`${MINE}/submit`, { method: 'POST' });
export const withdrawTradeIn = () => apiFetch<MyTradeIn>(`${MINE}/withdraw`, { method: 'POST' });
export const askForReappraisal = () => apiFetch<MyTradeIn>(`${MINE}/reappraisal`, { method: 'POST' });
export const sendTradeInMessage = (text: string) => apiFetch<MyTradeIn>(`${MINE}/messages`, { method: 'POST', json: { text } });
export const deleteTradeInPhoto = (photoId: string) => apiFetch<MyTradeIn>(`${MINE}/photos/${photoId}`, { method: 'DELETE' });

export type OfferAnswer = 'accept' | 'decline';
export const answerTradeInOffer = ({ offerId, answer }: { offerId: number; answer: OfferAnswer }) =>
  apiFetch<MyTradeIn>(`${MINE}/offers/${offerId}/${answer}`, { method: 'POST' });

/** POST …/photos, multipart: one photo of one angle, with its upload's progress. */
export function uploadTradeInPhoto(angle: TradeInAngle, photo: Blob, options: UploadOptions = {}): Promise<MyTradeIn> {
  const form = new FormData();
  form.append('angle', angle);
  form.append('file', photo, 'photo.jpg');
  return uploadWithProgress<MyTradeIn>(`${MINE}/photos`, form, options);
}

/**
 * A trade-in action whose answer becomes the cached trade-in. A 409 (an offer that ran out, a
 * trade-in staff moved on meanwhile) fetches it again, so the screen shows where it stands.
 */
export function useTradeInAction<T>(action: (input: T) => Promise<MyTradeIn>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: (tradeIn) => queryClient.setQueryData(myTradeInQueryKey, tradeIn),
    onError: (error) =>
      error instanceof ApiError && error.status === 409 ? queryClient.invalidateQueries({ queryKey: myTradeInQueryKey }) : undefined,
  });
}
