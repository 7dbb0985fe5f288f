import { describe, expect, it } from 'vitest';
import { answerChecker } from './answer-check.ts';
import { useTestApp } from './app.ts';

describe('the check of answers against the API document', () => {
  const t = useTestApp('pglite');
  const checker = async () => answerChecker((await t.app.inject('/api/openapi.json')).json());

  it('passes an answer as documented, and one of a path no route has', async () => {
    const problemWith = await checker();
    expect(problemWith('GET', '/api/cars/brands', 200, 'application/json; charset=utf-8', '["Ford","Honda"]')).toBeNull();
    expect(problemWith('GET', '/api/no-such-route', 404, 'application/json', '{}')).toBeNull();
  });

  it('fails an answer whose body the documented schema does not describe', async () => {
    const problemWith = await checker();
    expect(problemWith('GET', '/api/cars/years', 200, 'application/json', '["2020"]')).toMatch(
      /GET \/api\/cars\/years answered 200 with a body/,
    );
  });

  it('fails a status the route does not document, and an error body not in the error shape', async () => {
    const problemWith = await checker();
    expect(problemWith('POST', '/api/applications', 200, 'application/json', '{}')).toMatch(
      /answered 200, which its document does not list/,
    );
    expect(problemWith('GET', '/api/cars/filters/Ford', 404, 'application/json', '{"message":"no"}')).toMatch(/with a body/);
  });
});
