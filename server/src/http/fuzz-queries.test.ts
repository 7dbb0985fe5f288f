import { describe, it } from 'vitest';
import { HTTP_ONLY_KINDS } from '../../test/database.ts';
import { SWEEP_TIMEOUT_MS, useRouteFuzz } from '../../test/fuzz.ts';

/** One sweep of the route fuzz (server/test/fuzz.ts), a file of its own so the sweeps run side by side. */
describe.each(HTTP_ONLY_KINDS)('fuzzing every route with malformed query strings on %s', (kind) => {
  const fuzz = useRouteFuzz(kind);

  it('no route answers 5xx to malformed query strings, from any caller', { timeout: SWEEP_TIMEOUT_MS }, () => fuzz.sweepQueries());

  it('is still healthy afterwards: the health check and the car list answer 200', () => fuzz.expectHealthy());
});
