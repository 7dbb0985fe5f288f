import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import * as v from 'valibot';
import { staffVisitsQuerySchema } from '../../../../domain/contracts/visits.ts';
import type { StaffVisitsParams } from './api/get-visits.ts';

type CalendarParam = keyof StaffVisitsParams;

/** A parameter of the page URL as the API reads it; one it would refuse counts as not given. */
function read<K extends CalendarParam>(params: URLSearchParams, name: K): v.InferOutput<(typeof staffVisitsQuerySchema.entries)[K]> {
  const result = v.safeParse(staffVisitsQuerySchema.entries[name], params.get(name) ?? undefined);
  return result.success ? result.output : undefined;
}

/**
 * The calendar's day, range, type and car in the page URL (the API's names), so Back, a reload and
 * a shared link show the same visits; no date is the dealer's today (docs/product/visits.md#staff-calendar).
 */
export function useCalendarParams() {
  const [params, setParams] = useSearchParams();
  const query: StaffVisitsParams = {
    date: read(params, 'date'),
    range: read(params, 'range') ?? 'day',
    type: read(params, 'type'),
    carUuid: read(params, 'carUuid'),
  };
  const change = useCallback(
    (changes: Partial<Record<CalendarParam, string | undefined>>) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes)) {
          // The defaults stay out of the address: a day, today, every type and car.
          if (value === undefined || value === '' || (name === 'range' && value === 'day')) next.delete(name);
          else next.set(name, value);
        }
        return next;
      }),
    [setParams],
  );
  return { query, change };
}
