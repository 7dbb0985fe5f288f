import type { CarCondition } from '../db/schema.ts';
import type { Db } from '../db/database.ts';

/** The car of a lead as the CRM matches it to its own stock: by VIN and stock number. */
export interface LeadVehicle {
  year: number;
  brand: string;
  model: string;
  trim: string | null;
  vin: string | null;
  stockNumber: string;
  price: number;
  mileage: number;
  condition: CarCondition;
}

export async function findLeadVehicle(db: Db, uuid: string | null): Promise<LeadVehicle | undefined> {
  if (uuid === null) return undefined;
  const row = await db
    .selectFrom('cars')
    .select(['year', 'brand', 'model', 'trim', 'vin', 'stock_number', 'price', 'mileage', 'condition'])
    .where('uuid', '=', uuid)
    .executeTakeFirst();
  if (!row) return undefined;
  const { stock_number: stockNumber, ...car } = row;
  return { ...car, stockNumber };
}
