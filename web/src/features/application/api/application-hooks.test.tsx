import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConsentsAnswer, MyApplication } from '../../../../../domain/contracts/applications.ts';
import { createQueryClient } from '../../../lib/api-client.ts';
import { mockFetch, json } from '../../../test/render.tsx';
import { useConsents } from './get-consents.ts';
import { myApplicationQueryKey, useMyApplication } from '../../../lib/api/get-my-application.ts';
import { useSubmitApplication } from './submit-application.ts';

const mine: MyApplication = {
  id: 5,
  status: 'in_review',
  submittedAt: '2026-11-21T12:00:00.000Z',
  car: null,
  deal: null,
  offers: [],
  history: [{ status: 'in_review', at: '2026-11-21T12:00:00.000Z' }],
  regBDueAt: '2026-12-21T12:00:00.000Z',
  notice: null,
};

/** GET /api/me for a visitor the server knows. */
const known = { 'GET /api/me': () => ({ user: { id: 7 }, isAdmin: false, via: 'guest' }) };

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  restore = undefined;
});

function setup() {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false }, mutations: { retry: false } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  return { queryClient, wrapper };
}

describe('useMyApplication', () => {
  it('answers the application', async () => {
    restore = mockFetch({ ...known, 'GET /api/applications/mine': () => mine }).restore;
    const { result } = renderHook(() => useMyApplication(), setup());
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toEqual(mine);
  });

  it('answers null when there is none', async () => {
    restore = mockFetch({ ...known, 'GET /api/applications/mine': () => null }).restore;
    const { result } = renderHook(() => useMyApplication(), setup());
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toBeNull();
  });

  it('answers null without asking when the server does not know the visitor', async () => {
    const network = mockFetch({ 'GET /api/me': () => ({ user: null, isAdmin: false, via: null }) });
    restore = network.restore;
    const { result } = renderHook(() => useMyApplication(), setup());
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toBeNull();
    expect(network.calls.map((call) => call.url.pathname)).toEqual(['/api/me']);
  });

  it('fails on anything else', async () => {
    restore = mockFetch({
      ...known,
      'GET /api/applications/mine': () => json(503, { error: { code: 'unavailable', message: 'down' } }),
    }).restore;
    const { result } = renderHook(() => useMyApplication(), setup());
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error).toMatchObject({ status: 503 });
  });
});

describe('useConsents', () => {
  it('asks in the language given', async () => {
    const consents: ConsentsAnswer = [{ kind: 'credit_check', version: '2026-01', required: true, text: 'Так' }];
    const network = mockFetch({ 'GET /api/applications/consents?lang=uk': () => consents });
    restore = network.restore;
    const { result } = renderHook(() => useConsents('uk'), setup());
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toEqual(consents);
  });
});

describe('useSubmitApplication', () => {
  const key = '0b6e2a52-3f1c-4d8e-9a57-2f4f0c1d9e11';

  it('posts the payload with its Idempotency-Key and stores the answer as my application', async () => {
    const network = mockFetch({ 'POST /api/applications': () => json(201, mine) });
    restore = network.restore;
    const { queryClient, wrapper } = setup();
    const { result } = renderHook(() => useSubmitApplication(), { wrapper });

    await act(() => result.current.mutateAsync({ body: { applicant: { firstName: 'Ann' } }, idempotencyKey: key }));
    expect(network.calls).toHaveLength(1);
    expect(network.calls[0]!.headers.get('idempotency-key')).toBe(key);
    expect(network.calls[0]!.headers.get('content-type')).toBe('application/json');
    expect(network.calls[0]!.body).toEqual({ applicant: { firstName: 'Ann' } });
    expect(queryClient.getQueryData(myApplicationQueryKey)).toEqual(mine);
  });

  it('hands the ApiError over on failure and stores nothing', async () => {
    restore = mockFetch({
      'POST /api/applications': () => json(409, { error: { code: 'application_exists', message: 'Already applied.' } }),
    }).restore;
    const { queryClient, wrapper } = setup();
    const { result } = renderHook(() => useSubmitApplication(), { wrapper });
    act(() => result.current.mutate({ body: {}, idempotencyKey: key }));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error).toMatchObject({ name: 'ApiError', status: 409, message: 'Already applied.' });
    expect(queryClient.getQueryData(myApplicationQueryKey)).toBeUndefined();
  });
});
