import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import { DATABASE_KINDS } from '../../test/database.ts';
import { createAdmin, tmaHeaders } from '../../test/identity.ts';
import type { ErrorBody } from '../../../domain/contracts/errors.ts';

const ADMIN = { id: 8801, first_name: 'Ada' };

/** PostgreSQL refuses NUL in text (error 22021); every text filter must stop it first, naming itself. */
describe.each(DATABASE_KINDS)('control characters in text filters on %s', (kind) => {
  const t = useTestApp(kind, { seed: { cars: 3 } });

  it.each([
    ['/api/cars?brand=%00', 'brand'],
    ['/api/cars?model=Cam%00ry', 'model'],
    ['/api/cars?brand=Ford%1B', 'brand'],
    ['/api/cars/models?brand=%00', 'brand'],
    ['/api/cars/filters/%00', 'brand'],
  ])('GET %s answers 400 naming %s', async (url, field) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<ErrorBody>().error.fields).toEqual({ [field]: `${field} must not contain control characters` });
  });

  it.each([
    ['/api/users?first_name=%00', 'first_name'],
    ['/api/users?last_name=a%00', 'last_name'],
    ['/api/users?username=%00', 'username'],
    ['/api/users?email=%00', 'email'],
    ['/api/users?phone=%00', 'phone'],
    ['/api/audit?entity=%00', 'entity'],
    ['/api/audit?entityId=%00', 'entityId'],
    ['/api/audit?action=%07', 'action'],
  ])('GET %s (as an admin) answers 400 naming %s', async (url, field) => {
    await createAdmin(t.db, ADMIN.id);
    const res = await t.app.inject({ method: 'GET', url, headers: tmaHeaders(ADMIN) });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<ErrorBody>().error.fields).toEqual({ [field]: `${field} must not contain control characters` });
  });
});
