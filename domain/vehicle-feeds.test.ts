import { describe, expect, it } from 'vitest';
import { GOOGLE_COLUMNS, META_COLUMNS, feedRow, isListedIn, type FeedCar, type FeedChannel, type FeedSite } from './vehicle-feeds.ts';

const site: FeedSite = {
  origin: 'https://cars.example.com',
  dealerName: 'Liberty Auto Credit',
  dealerPhone: '+1 (214) 555-0147',
  location: { street: '1200 Commerce Street', city: 'Dallas', region: 'TX', postalCode: '75202', country: 'US', storeCode: 'DALLAS-01' },
};

const car = (overrides: Partial<FeedCar> = {}): FeedCar => ({
  uuid: '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b',
  stockNumber: 'A1001',
  vin: '1HGCM82633A004352',
  year: 2019,
  brand: 'Honda',
  model: 'Accord',
  trim: 'EX',
  bodyStyle: 'sedan',
  condition: 'used',
  certified: false,
  price: 21995,
  msrp: null,
  mileage: 45210,
  exteriorColor: 'Modern Steel',
  interiorColor: 'Black',
  transmission: 'CVT',
  drivetrain: 'fwd',
  fuelType: 'gasoline',
  description: 'One owner.',
  listingState: 'available',
  dateAdded: '2026-10-01T09:00:00.000Z',
  photos: ['/media/photos/aaa.jpg', '/media/photos/bbb.jpg'],
  ...overrides,
});

/** A written row by column name. */
function cells(channel: FeedChannel, value: FeedCar): Record<string, string> {
  const result = feedRow(channel, value, site);
  if (!result.row) throw new Error(`left out: ${result.omitted.join(', ')}`);
  const columns: readonly string[] = channel === 'meta' ? META_COLUMNS : GOOGLE_COLUMNS;
  return Object.fromEntries(columns.map((column, i) => [column, result.row[i]!]));
}

describe('the Meta vehicle feed', () => {
  it("writes a car in Meta's words: price with its currency, miles, capitals for its enumerations, absolute links", () => {
    expect(cells('meta', car())).toMatchObject({
      vehicle_id: car().uuid,
      vin: '1HGCM82633A004352',
      title: '2019 Honda Accord EX',
      url: `https://cars.example.com/cars/${car().uuid}`,
      price: '21995.00 USD',
      'mileage.value': '45210',
      'mileage.unit': 'MI',
      body_style: 'SEDAN',
      state_of_vehicle: 'USED',
      availability: 'AVAILABLE',
      transmission: 'AUTOMATIC',
      drivetrain: 'FWD',
      fuel_type: 'GASOLINE',
      'address.region': 'TX',
      'image[0].url': 'https://cars.example.com/media/photos/aaa.jpg',
      'image[1].url': 'https://cars.example.com/media/photos/bbb.jpg',
      'image[2].url': '',
    });
  });

  it('says a certified car is CPO, a pickup a TRUCK, a sale pending PENDING and a four-wheel drive FOUR_WD', () => {
    expect(
      cells('meta', car({ certified: true, bodyStyle: 'pickup', listingState: 'pending', drivetrain: '4WD', fuelType: 'Plug-in hybrid' })),
    ).toMatchObject({
      state_of_vehicle: 'CPO',
      body_style: 'TRUCK',
      availability: 'PENDING',
      drivetrain: 'FOUR_WD',
      fuel_type: 'PLUGIN_HYBRID',
    });
  });

  it("writes OTHER for a spec in the dealer's own words, and nothing for one not given", () => {
    expect(cells('meta', car({ transmission: 'Sequential racing box', fuelType: null }))).toMatchObject({
      transmission: 'OTHER',
      fuel_type: '',
    });
  });

  it('describes a car the dealer wrote nothing about from its facts, since Meta requires a description', () => {
    expect(cells('meta', car({ description: null })).description).toBe(
      'Used 2019 Honda Accord EX: 45,210 miles, Modern Steel, Continuously variable (CVT), Front-wheel drive (FWD), Gasoline.',
    );
  });

  it('leaves out a car without VIN, photo, body style or exterior colour, naming each', () => {
    expect(feedRow('meta', car({ vin: null, photos: [], bodyStyle: null, exteriorColor: ' ' }), site)).toEqual({
      omitted: ['no_vin', 'no_photo', 'no_body_style', 'no_exterior_color'],
    });
    expect(feedRow('meta', car({ price: 0 }), site)).toEqual({ omitted: ['no_price'] });
  });
});

describe('the Google vehicle ads feed', () => {
  it("writes a car with the dealership's store code, address and Google's words", () => {
    expect(cells('google', car({ bodyStyle: 'wagon' }))).toMatchObject({
      id: car().uuid,
      store_code: 'DALLAS-01',
      vehicle_fulfillment: 'in_store:DALLAS-01',
      dealership_address: '1200 Commerce Street, Dallas, TX 75202, US',
      link: `https://cars.example.com/cars/${car().uuid}`,
      image_link: 'https://cars.example.com/media/photos/aaa.jpg',
      additional_image_link: 'https://cars.example.com/media/photos/bbb.jpg',
      price: '21995.00 USD',
      condition: 'used',
      'certified_pre-owned': 'no',
      mileage: '45210 miles',
      color: 'Modern Steel',
      body_style: 'station_wagon',
      vehicle_msrp: '',
    });
  });

  it('gives a new car its MSRP, and lists a car without body style or colour, which Google does not require', () => {
    expect(cells('google', car({ condition: 'new', msrp: 24000, bodyStyle: null, exteriorColor: null }))).toMatchObject({
      vehicle_msrp: '24000.00 USD',
      body_style: '',
      color: '',
    });
  });

  it('leaves out a car without a VIN or a photo', () => {
    expect(feedRow('google', car({ vin: null, photos: [] }), site)).toEqual({ omitted: ['no_vin', 'no_photo'] });
  });
});

describe('which cars a channel lists', () => {
  it('lists available cars in both, a sale pending in Meta only, and never a sold, draft or archived car', () => {
    expect(isListedIn('meta', 'available') && isListedIn('google', 'available')).toBe(true);
    expect([isListedIn('meta', 'pending'), isListedIn('google', 'pending')]).toEqual([true, false]);
    for (const state of ['sold', 'draft', 'archived'] as const)
      expect([isListedIn('meta', state), isListedIn('google', state)]).toEqual([false, false]);
  });
});
