import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MyApplication } from '../../../../../domain/contracts/applications.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { myApplicationQueryKey } from '../../../lib/api/get-my-application.ts';

/** PATCH /api/applications/mine/car: moves the applicant's application, still in review, to another car. */
export function changeApplicationCar(carId: string): Promise<MyApplication> {
  return apiFetch<MyApplication>('/api/applications/mine/car', { method: 'PATCH', json: { carId } });
}

export function useChangeApplicationCar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeApplicationCar,
    onSuccess: (application) => queryClient.setQueryData(myApplicationQueryKey, application),
  });
}
