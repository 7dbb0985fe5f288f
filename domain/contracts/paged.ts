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
