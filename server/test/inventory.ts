import { expect } from 'vitest';
import type { InventoryCar } from '../../domain/contracts/inventory.ts';
import { buildVin } from '../../domain/vin.ts';
import type { TestApp } from './app.ts';
import { injectAs, type TestTelegramUser } from './identity.ts';

let serial = 0;

/**
 * A car for sale, added by an admin as staff do, with a valid VIN and a stock number of its own; a
 * Ford Escape near $20,000 unless told otherwise.
 */
export async function addCar(
  server: Pick<TestApp, 'app'>,
  admin: TestTelegramUser,
  overrides: Record<string, unknown> = {},
): Promise<InventoryCar> {
  serial += 1;
  const res = await injectAs(server.app, admin, {
    method: 'POST',
    url: '/api/inventory',
    payload: {
      vin: buildVin('1FM', 'CU9GD', 2020, 'L', 400_000 + serial),
      stockNumber: `VM${serial}`,
      year: 2020,
      brand: 'Ford',
      model: 'Escape',
      trim: 'SE',
      bodyStyle: 'suv',
      condition: 'used',
      price: 20_000,
      mileage: 31_000,
      listingState: 'available',
      ...overrides,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<InventoryCar>();
}
