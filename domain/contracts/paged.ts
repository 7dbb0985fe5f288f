import * as v from 'valibot';

/** One page of a list (docs/product/api.md#api); every paged answer of the API has this shape. */
export interface Paged<T> {
  items: T[];
  total: number;
  page: number;
  limit: number;
  totalPages: number;
}

/** The page of `items` out of `total`, 1-based `page` of `limit` rows; no rows at all is zero pages. */
export function toPaged<T>(items: T[], total: number, page: number, limit: number): Paged<T> {
  return { items, total, page, limit, totalPages: Math.ceil(total / limit) };
}

/** Paged<T> as the API document describes it (server/src/http/openapi.ts), for the item schema given. */
export function pagedSchema<TItem extends v.GenericSchema>(item: TItem) {
  const count = v.pipe(v.number(), v.integer());
  return v.object({ items: v.array(item), total: count, page: count, limit: count, totalPages: count });
}
