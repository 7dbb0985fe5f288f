/** What shoppers do: browse, filter by brand/model/price/year, sort, page a little. */
export const MIX: Array<Record<string, string | number>> = [
  {},
  { page: 2 },
  { page: 5 },
  { sort: 'price_asc' },
  { sort: 'price_desc' },
  { sort: 'date_added' },
  { sort: 'year_desc' },
  { sort: 'mileage_asc', page: 3 },
  { brand: 'Toyota' },
  { brand: 'Ford', model: 'F-150' },
  { brand: 'Honda', model: 'CR-V', sort: 'price_asc' },
  { brand: 'Tesla', sort: 'date_added' },
  { priceMax: 25000, sort: 'price_asc' },
  { priceMin: 30000, priceMax: 45000 },
  { yearMin: 2021, sort: 'year_desc' },
  { condition: 'new', sort: 'price_asc' },
  { condition: 'used', mileageMax: 40000, sort: 'mileage_asc' },
  { brand: 'Chevrolet', condition: 'used', yearMin: 2018, priceMax: 35000 },
  { brand: 'BMW', available: 'false' },
  { brand: 'Kia', model: 'Telluride', page: 2 },
];

export const PATHS = MIX.map((q) => {
  const search = new URLSearchParams(Object.entries(q).map(([k, val]) => [k, String(val)])).toString();
  return search ? `/api/cars?${search}` : '/api/cars';
});
