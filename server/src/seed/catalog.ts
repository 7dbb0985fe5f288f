import type { CarBodyStyle } from '../../../domain/cars.ts';

/**
 * Demo inventory of brands sold in the US with real model names. Prices are approximate base
 * MSRPs in dollars; fuel economy is city/highway MPG (MPGe for electric models).
 */
export interface ModelSpec {
  name: string;
  body: CarBodyStyle;
  msrp: number;
  trims: string[];
  engine: string;
  fuel: 'Gasoline' | 'Hybrid' | 'Electric' | 'Diesel' | 'Plug-in Hybrid';
  mpg: [number, number];
  drivetrains: string[];
  transmission: string;
}

export interface BrandSpec {
  name: string;
  /** World manufacturer identifier: the first three characters of the VIN. */
  wmi: string;
  models: ModelSpec[];
}

const AUTO = 'Automatic';
const CVT = 'CVT';
const EV = 'Single-speed';

export const CATALOG: BrandSpec[] = [
  {
    name: 'Toyota',
    wmi: '4T1',
    models: [
      { name: 'Camry', body: 'sedan', msrp: 28_400, trims: ['LE', 'SE', 'XLE', 'XSE'], engine: '2.5L I4 Hybrid', fuel: 'Hybrid', mpg: [51, 49], drivetrains: ['FWD', 'AWD'], transmission: 'eCVT' },
      { name: 'Corolla', body: 'sedan', msrp: 22_500, trims: ['LE', 'SE', 'XSE'], engine: '2.0L I4', fuel: 'Gasoline', mpg: [32, 41], drivetrains: ['FWD'], transmission: CVT },
      { name: 'RAV4', body: 'suv', msrp: 29_800, trims: ['LE', 'XLE', 'Adventure', 'Limited'], engine: '2.5L I4', fuel: 'Gasoline', mpg: [27, 34], drivetrains: ['FWD', 'AWD'], transmission: AUTO },
      { name: 'Highlander', body: 'suv', msrp: 40_300, trims: ['LE', 'XLE', 'Limited', 'Platinum'], engine: '2.4L I4 Turbo', fuel: 'Gasoline', mpg: [22, 29], drivetrains: ['FWD', 'AWD'], transmission: AUTO },
      { name: 'Tacoma', body: 'pickup', msrp: 32_600, trims: ['SR', 'SR5', 'TRD Off-Road', 'Limited'], engine: '2.4L I4 Turbo', fuel: 'Gasoline', mpg: [20, 26], drivetrains: ['RWD', '4WD'], transmission: AUTO },
      { name: 'Sienna', body: 'minivan', msrp: 39_900, trims: ['LE', 'XLE', 'Limited'], engine: '2.5L I4 Hybrid', fuel: 'Hybrid', mpg: [36, 36], drivetrains: ['FWD', 'AWD'], transmission: 'eCVT' },
    ],
  },
  {
    name: 'Honda',
    wmi: '1HG',
    models: [
      { name: 'Civic', body: 'sedan', msrp: 24_600, trims: ['LX', 'Sport', 'EX', 'Touring'], engine: '2.0L I4', fuel: 'Gasoline', mpg: [31, 40], drivetrains: ['FWD'], transmission: CVT },
      { name: 'Accord', body: 'sedan', msrp: 28_900, trims: ['LX', 'EX', 'Sport Hybrid', 'Touring Hybrid'], engine: '1.5L I4 Turbo', fuel: 'Gasoline', mpg: [29, 37], drivetrains: ['FWD'], transmission: CVT },
      { name: 'CR-V', body: 'suv', msrp: 30_800, trims: ['LX', 'EX', 'EX-L', 'Sport Touring Hybrid'], engine: '1.5L I4 Turbo', fuel: 'Gasoline', mpg: [28, 34], drivetrains: ['FWD', 'AWD'], transmission: CVT },
      { name: 'Pilot', body: 'suv', msrp: 40_200, trims: ['Sport', 'EX-L', 'TrailSport', 'Elite'], engine: '3.5L V6', fuel: 'Gasoline', mpg: [19, 27], drivetrains: ['FWD', 'AWD'], transmission: AUTO },
      { name: 'Odyssey', body: 'minivan', msrp: 39_100, trims: ['EX', 'EX-L', 'Sport', 'Elite'], engine: '3.5L V6', fuel: 'Gasoline', mpg: [19, 28], drivetrains: ['FWD'], transmission: AUTO },
      { name: 'Ridgeline', body: 'pickup', msrp: 40_000, trims: ['Sport', 'RTL', 'TrailSport', 'Black Edition'], engine: '3.5L V6', fuel: 'Gasoline', mpg: [18, 24], drivetrains: ['AWD'], transmission: AUTO },
    ],
  },
  {
    name: 'Ford',
    wmi: '1FA',
    models: [
      { name: 'F-150', body: 'pickup', msrp: 38_800, trims: ['XL', 'XLT', 'Lariat', 'King Ranch', 'Platinum'], engine: '3.5L V6 EcoBoost', fuel: 'Gasoline', mpg: [18, 24], drivetrains: ['RWD', '4WD'], transmission: AUTO },
      { name: 'Escape', body: 'suv', msrp: 29_500, trims: ['Active', 'ST-Line', 'Platinum'], engine: '1.5L I3 EcoBoost', fuel: 'Gasoline', mpg: [27, 34], drivetrains: ['FWD', 'AWD'], transmission: AUTO },
      { name: 'Explorer', body: 'suv', msrp: 39_500, trims: ['Active', 'ST-Line', 'Platinum', 'ST'], engine: '2.3L I4 EcoBoost', fuel: 'Gasoline', mpg: [21, 28], drivetrains: ['RWD', '4WD'], transmission: AUTO },
      { name: 'Mustang', body: 'coupe', msrp: 32_500, trims: ['EcoBoost', 'GT', 'Dark Horse'], engine: '5.0L V8', fuel: 'Gasoline', mpg: [15, 24], drivetrains: ['RWD'], transmission: '6-speed manual' },
      { name: 'Bronco', body: 'suv', msrp: 39_600, trims: ['Big Bend', 'Outer Banks', 'Badlands', 'Wildtrak'], engine: '2.7L V6 EcoBoost', fuel: 'Gasoline', mpg: [18, 20], drivetrains: ['4WD'], transmission: AUTO },
      { name: 'Maverick', body: 'pickup', msrp: 26_300, trims: ['XL', 'XLT', 'Lariat'], engine: '2.5L I4 Hybrid', fuel: 'Hybrid', mpg: [42, 33], drivetrains: ['FWD', 'AWD'], transmission: 'eCVT' },
    ],
  },
  {
    name: 'Chevrolet',
    wmi: '1G1',
    models: [
      { name: 'Silverado 1500', body: 'pickup', msrp: 37_600, trims: ['WT', 'Custom', 'LT', 'RST', 'High Country'], engine: '5.3L V8', fuel: 'Gasoline', mpg: [16, 21], drivetrains: ['RWD', '4WD'], transmission: AUTO },
      { name: 'Equinox', body: 'suv', msrp: 28_600, trims: ['LT', 'RS', 'Activ'], engine: '1.5L I4 Turbo', fuel: 'Gasoline', mpg: [25, 31], drivetrains: ['FWD', 'AWD'], transmission: CVT },
      { name: 'Malibu', body: 'sedan', msrp: 25_100, trims: ['LS', 'RS', 'LT', '2LT'], engine: '1.5L I4 Turbo', fuel: 'Gasoline', mpg: [28, 36], drivetrains: ['FWD'], transmission: CVT },
      { name: 'Tahoe', body: 'suv', msrp: 58_200, trims: ['LS', 'LT', 'Z71', 'Premier'], engine: '5.3L V8', fuel: 'Gasoline', mpg: [15, 20], drivetrains: ['RWD', '4WD'], transmission: AUTO },
      { name: 'Corvette', body: 'coupe', msrp: 68_300, trims: ['1LT', '2LT', '3LT'], engine: '6.2L V8', fuel: 'Gasoline', mpg: [16, 24], drivetrains: ['RWD'], transmission: '8-speed dual-clutch' },
      { name: 'Bolt EUV', body: 'hatchback', msrp: 27_800, trims: ['LT', 'Premier'], engine: '65 kWh electric motor', fuel: 'Electric', mpg: [125, 104], drivetrains: ['FWD'], transmission: EV },
    ],
  },
  {
    name: 'Nissan',
    wmi: '1N4',
    models: [
      { name: 'Altima', body: 'sedan', msrp: 26_400, trims: ['S', 'SV', 'SR', 'SL'], engine: '2.5L I4', fuel: 'Gasoline', mpg: [27, 39], drivetrains: ['FWD', 'AWD'], transmission: CVT },
      { name: 'Rogue', body: 'suv', msrp: 29_200, trims: ['S', 'SV', 'SL', 'Platinum'], engine: '1.5L I3 Turbo', fuel: 'Gasoline', mpg: [30, 37], drivetrains: ['FWD', 'AWD'], transmission: CVT },
      { name: 'Sentra', body: 'sedan', msrp: 20_700, trims: ['S', 'SV', 'SR'], engine: '2.0L I4', fuel: 'Gasoline', mpg: [30, 40], drivetrains: ['FWD'], transmission: CVT },
      { name: 'Frontier', body: 'pickup', msrp: 31_100, trims: ['S', 'SV', 'PRO-4X'], engine: '3.8L V6', fuel: 'Gasoline', mpg: [18, 24], drivetrains: ['RWD', '4WD'], transmission: AUTO },
      { name: 'Leaf', body: 'hatchback', msrp: 28_100, trims: ['S', 'SV Plus'], engine: '40 kWh electric motor', fuel: 'Electric', mpg: [123, 99], drivetrains: ['FWD'], transmission: EV },
    ],
  },
  {
    name: 'Hyundai',
    wmi: 'KMH',
    models: [
      { name: 'Elantra', body: 'sedan', msrp: 21_600, trims: ['SE', 'SEL', 'Limited', 'N Line'], engine: '2.0L I4', fuel: 'Gasoline', mpg: [32, 41], drivetrains: ['FWD'], transmission: CVT },
      { name: 'Tucson', body: 'suv', msrp: 28_200, trims: ['SE', 'SEL', 'XRT', 'Limited'], engine: '2.5L I4', fuel: 'Gasoline', mpg: [25, 32], drivetrains: ['FWD', 'AWD'], transmission: AUTO },
      { name: 'Santa Fe', body: 'suv', msrp: 34_500, trims: ['SE', 'SEL', 'XRT', 'Calligraphy'], engine: '2.5L I4 Turbo', fuel: 'Gasoline', mpg: [22, 28], drivetrains: ['FWD', 'AWD'], transmission: '8-speed dual-clutch' },
      { name: 'Palisade', body: 'suv', msrp: 37_500, trims: ['SE', 'SEL', 'XRT', 'Calligraphy'], engine: '3.8L V6', fuel: 'Gasoline', mpg: [19, 26], drivetrains: ['FWD', 'AWD'], transmission: AUTO },
      { name: 'Ioniq 5', body: 'hatchback', msrp: 42_600, trims: ['SE', 'SEL', 'Limited'], engine: '84 kWh dual motor', fuel: 'Electric', mpg: [131, 103], drivetrains: ['RWD', 'AWD'], transmission: EV },
    ],
  },
  {
    name: 'Kia',
    wmi: 'KND',
    models: [
      { name: 'Forte', body: 'sedan', msrp: 20_800, trims: ['LX', 'LXS', 'GT-Line'], engine: '2.0L I4', fuel: 'Gasoline', mpg: [30, 41], drivetrains: ['FWD'], transmission: CVT },
      { name: 'Sportage', body: 'suv', msrp: 28_100, trims: ['LX', 'EX', 'X-Line', 'SX Prestige'], engine: '2.5L I4', fuel: 'Gasoline', mpg: [25, 32], drivetrains: ['FWD', 'AWD'], transmission: AUTO },
      { name: 'Telluride', body: 'suv', msrp: 36_900, trims: ['LX', 'S', 'EX', 'SX', 'X-Pro'], engine: '3.8L V6', fuel: 'Gasoline', mpg: [20, 26], drivetrains: ['FWD', 'AWD'], transmission: AUTO },
      { name: 'Carnival', body: 'minivan', msrp: 35_800, trims: ['LX', 'EX', 'SX', 'SX Prestige'], engine: '3.5L V6', fuel: 'Gasoline', mpg: [19, 26], drivetrains: ['FWD'], transmission: AUTO },
      { name: 'EV6', body: 'hatchback', msrp: 42_900, trims: ['Light', 'Wind', 'GT-Line'], engine: '77.4 kWh dual motor', fuel: 'Electric', mpg: [134, 101], drivetrains: ['RWD', 'AWD'], transmission: EV },
    ],
  },
  {
    name: 'Subaru',
    wmi: 'JF2',
    models: [
      { name: 'Outback', body: 'wagon', msrp: 30_100, trims: ['Base', 'Premium', 'Limited', 'Touring'], engine: '2.5L H4', fuel: 'Gasoline', mpg: [26, 32], drivetrains: ['AWD'], transmission: CVT },
      { name: 'Forester', body: 'suv', msrp: 30_000, trims: ['Base', 'Premium', 'Sport', 'Touring'], engine: '2.5L H4', fuel: 'Gasoline', mpg: [26, 33], drivetrains: ['AWD'], transmission: CVT },
      { name: 'Crosstrek', body: 'hatchback', msrp: 26_500, trims: ['Base', 'Premium', 'Sport', 'Limited'], engine: '2.0L H4', fuel: 'Gasoline', mpg: [27, 34], drivetrains: ['AWD'], transmission: CVT },
      { name: 'WRX', body: 'sedan', msrp: 33_900, trims: ['Base', 'Premium', 'Limited', 'GT'], engine: '2.4L H4 Turbo', fuel: 'Gasoline', mpg: [19, 26], drivetrains: ['AWD'], transmission: '6-speed manual' },
      { name: 'Ascent', body: 'suv', msrp: 36_800, trims: ['Base', 'Premium', 'Onyx', 'Touring'], engine: '2.4L H4 Turbo', fuel: 'Gasoline', mpg: [20, 26], drivetrains: ['AWD'], transmission: CVT },
    ],
  },
  {
    name: 'Jeep',
    wmi: '1C4',
    models: [
      { name: 'Wrangler', body: 'suv', msrp: 33_900, trims: ['Sport', 'Sahara', 'Rubicon'], engine: '3.6L V6', fuel: 'Gasoline', mpg: [17, 23], drivetrains: ['4WD'], transmission: AUTO },
      { name: 'Grand Cherokee', body: 'suv', msrp: 38_500, trims: ['Laredo', 'Limited', 'Overland', 'Summit'], engine: '3.6L V6', fuel: 'Gasoline', mpg: [19, 26], drivetrains: ['RWD', '4WD'], transmission: AUTO },
      { name: 'Cherokee', body: 'suv', msrp: 32_800, trims: ['Latitude', 'Limited', 'Trailhawk'], engine: '2.0L I4 Turbo', fuel: 'Gasoline', mpg: [21, 29], drivetrains: ['4WD'], transmission: AUTO },
      { name: 'Compass', body: 'suv', msrp: 27_600, trims: ['Sport', 'Latitude', 'Limited', 'Trailhawk'], engine: '2.0L I4 Turbo', fuel: 'Gasoline', mpg: [24, 32], drivetrains: ['4WD'], transmission: AUTO },
      { name: 'Gladiator', body: 'pickup', msrp: 38_400, trims: ['Sport', 'Mojave', 'Rubicon'], engine: '3.6L V6', fuel: 'Gasoline', mpg: [17, 22], drivetrains: ['4WD'], transmission: AUTO },
    ],
  },
  {
    name: 'Ram',
    wmi: '1C6',
    models: [
      { name: '1500', body: 'pickup', msrp: 40_300, trims: ['Tradesman', 'Big Horn', 'Laramie', 'Limited'], engine: '3.0L I6 Hurricane', fuel: 'Gasoline', mpg: [20, 26], drivetrains: ['RWD', '4WD'], transmission: AUTO },
      { name: '2500', body: 'pickup', msrp: 47_500, trims: ['Tradesman', 'Big Horn', 'Laramie', 'Power Wagon'], engine: '6.7L I6 Turbo Diesel', fuel: 'Diesel', mpg: [15, 19], drivetrains: ['4WD'], transmission: AUTO },
      { name: 'ProMaster City', body: 'minivan', msrp: 33_000, trims: ['Tradesman', 'SLT'], engine: '2.4L I4', fuel: 'Gasoline', mpg: [21, 28], drivetrains: ['FWD'], transmission: AUTO },
    ],
  },
  {
    name: 'Mazda',
    wmi: 'JM1',
    models: [
      { name: 'Mazda3', body: 'hatchback', msrp: 24_200, trims: ['2.5 S', 'Select', 'Preferred', 'Turbo'], engine: '2.5L I4', fuel: 'Gasoline', mpg: [28, 37], drivetrains: ['FWD', 'AWD'], transmission: AUTO },
      { name: 'CX-5', body: 'suv', msrp: 29_300, trims: ['2.5 S', 'Select', 'Preferred', 'Turbo Signature'], engine: '2.5L I4', fuel: 'Gasoline', mpg: [26, 31], drivetrains: ['AWD'], transmission: AUTO },
      { name: 'CX-50', body: 'suv', msrp: 30_500, trims: ['Select', 'Preferred', 'Meridian'], engine: '2.5L I4', fuel: 'Gasoline', mpg: [24, 30], drivetrains: ['AWD'], transmission: AUTO },
      { name: 'CX-90', body: 'suv', msrp: 39_600, trims: ['Select', 'Preferred', 'Premium Plus'], engine: '3.3L I6 Turbo', fuel: 'Gasoline', mpg: [24, 28], drivetrains: ['AWD'], transmission: AUTO },
      { name: 'MX-5 Miata', body: 'convertible', msrp: 29_900, trims: ['Sport', 'Club', 'Grand Touring'], engine: '2.0L I4', fuel: 'Gasoline', mpg: [26, 34], drivetrains: ['RWD'], transmission: '6-speed manual' },
    ],
  },
  {
    name: 'Volkswagen',
    wmi: '3VW',
    models: [
      { name: 'Jetta', body: 'sedan', msrp: 22_900, trims: ['S', 'Sport', 'SE', 'SEL'], engine: '1.5L I4 Turbo', fuel: 'Gasoline', mpg: [29, 40], drivetrains: ['FWD'], transmission: AUTO },
      { name: 'Tiguan', body: 'suv', msrp: 29_500, trims: ['S', 'SE', 'SE R-Line Black', 'SEL R-Line'], engine: '2.0L I4 Turbo', fuel: 'Gasoline', mpg: [24, 31], drivetrains: ['FWD', 'AWD'], transmission: AUTO },
      { name: 'Atlas', body: 'suv', msrp: 38_500, trims: ['SE', 'SE with Technology', 'Peak Edition', 'SEL Premium'], engine: '2.0L I4 Turbo', fuel: 'Gasoline', mpg: [20, 25], drivetrains: ['FWD', 'AWD'], transmission: AUTO },
      { name: 'Golf GTI', body: 'hatchback', msrp: 32_700, trims: ['S', 'SE', 'Autobahn'], engine: '2.0L I4 Turbo', fuel: 'Gasoline', mpg: [24, 34], drivetrains: ['FWD'], transmission: '7-speed dual-clutch' },
      { name: 'ID.4', body: 'suv', msrp: 39_700, trims: ['Standard', 'Pro', 'Pro S'], engine: '82 kWh electric motor', fuel: 'Electric', mpg: [116, 101], drivetrains: ['RWD', 'AWD'], transmission: EV },
    ],
  },
  {
    name: 'BMW',
    wmi: 'WBA',
    models: [
      { name: '3 Series', body: 'sedan', msrp: 45_500, trims: ['330i', '330i xDrive', 'M340i'], engine: '2.0L I4 Turbo', fuel: 'Gasoline', mpg: [26, 36], drivetrains: ['RWD', 'AWD'], transmission: AUTO },
      { name: 'X3', body: 'suv', msrp: 49_500, trims: ['30 xDrive', 'M50 xDrive'], engine: '2.0L I4 Turbo', fuel: 'Gasoline', mpg: [25, 29], drivetrains: ['AWD'], transmission: AUTO },
      { name: 'X5', body: 'suv', msrp: 66_200, trims: ['sDrive40i', 'xDrive40i', 'xDrive50e'], engine: '3.0L I6 Turbo', fuel: 'Gasoline', mpg: [22, 26], drivetrains: ['RWD', 'AWD'], transmission: AUTO },
      { name: '4 Series', body: 'convertible', msrp: 58_100, trims: ['430i', 'M440i xDrive'], engine: '2.0L I4 Turbo', fuel: 'Gasoline', mpg: [25, 33], drivetrains: ['RWD', 'AWD'], transmission: AUTO },
    ],
  },
  {
    name: 'Mercedes-Benz',
    wmi: 'W1K',
    models: [
      { name: 'C-Class', body: 'sedan', msrp: 48_100, trims: ['C 300', 'C 300 4MATIC', 'AMG C 43'], engine: '2.0L I4 Turbo', fuel: 'Gasoline', mpg: [25, 35], drivetrains: ['RWD', 'AWD'], transmission: AUTO },
      { name: 'E-Class', body: 'sedan', msrp: 62_250, trims: ['E 350', 'E 350 4MATIC', 'E 450 4MATIC'], engine: '2.0L I4 Turbo', fuel: 'Gasoline', mpg: [24, 33], drivetrains: ['RWD', 'AWD'], transmission: AUTO },
      { name: 'GLC', body: 'suv', msrp: 49_900, trims: ['GLC 300', 'GLC 300 4MATIC'], engine: '2.0L I4 Turbo', fuel: 'Gasoline', mpg: [24, 31], drivetrains: ['RWD', 'AWD'], transmission: AUTO },
      { name: 'GLE', body: 'suv', msrp: 63_800, trims: ['GLE 350', 'GLE 450 4MATIC', 'GLE 580 4MATIC'], engine: '2.0L I4 Turbo', fuel: 'Gasoline', mpg: [20, 25], drivetrains: ['RWD', 'AWD'], transmission: AUTO },
    ],
  },
  {
    name: 'Tesla',
    wmi: '5YJ',
    models: [
      { name: 'Model 3', body: 'sedan', msrp: 42_500, trims: ['Long Range RWD', 'Long Range AWD', 'Performance'], engine: 'Dual motor electric', fuel: 'Electric', mpg: [138, 126], drivetrains: ['RWD', 'AWD'], transmission: EV },
      { name: 'Model Y', body: 'suv', msrp: 44_990, trims: ['Long Range RWD', 'Long Range AWD', 'Performance'], engine: 'Dual motor electric', fuel: 'Electric', mpg: [129, 113], drivetrains: ['RWD', 'AWD'], transmission: EV },
      { name: 'Model S', body: 'sedan', msrp: 79_990, trims: ['All-Wheel Drive', 'Plaid'], engine: 'Tri motor electric', fuel: 'Electric', mpg: [124, 115], drivetrains: ['AWD'], transmission: EV },
      { name: 'Model X', body: 'suv', msrp: 84_990, trims: ['All-Wheel Drive', 'Plaid'], engine: 'Tri motor electric', fuel: 'Electric', mpg: [108, 97], drivetrains: ['AWD'], transmission: EV },
    ],
  },
  {
    name: 'Lexus',
    wmi: 'JTH',
    models: [
      { name: 'ES', body: 'sedan', msrp: 43_190, trims: ['ES 250', 'ES 350', 'ES 300h'], engine: '3.5L V6', fuel: 'Gasoline', mpg: [22, 32], drivetrains: ['FWD', 'AWD'], transmission: AUTO },
      { name: 'RX', body: 'suv', msrp: 49_950, trims: ['RX 350', 'RX 350h', 'RX 500h F Sport'], engine: '2.4L I4 Turbo', fuel: 'Gasoline', mpg: [21, 28], drivetrains: ['FWD', 'AWD'], transmission: AUTO },
      { name: 'NX', body: 'suv', msrp: 41_700, trims: ['NX 250', 'NX 350', 'NX 350h', 'NX 450h+'], engine: '2.5L I4', fuel: 'Gasoline', mpg: [25, 33], drivetrains: ['FWD', 'AWD'], transmission: AUTO },
      { name: 'IS', body: 'sedan', msrp: 40_585, trims: ['IS 300', 'IS 350 F Sport', 'IS 500 F Sport Performance'], engine: '2.0L I4 Turbo', fuel: 'Gasoline', mpg: [21, 31], drivetrains: ['RWD', 'AWD'], transmission: AUTO },
    ],
  },
];

export const COLORS: Array<{ name: string; hex: string }> = [
  { name: 'Super White', hex: 'f2f2f0' },
  { name: 'Midnight Black Metallic', hex: '1b1c1f' },
  { name: 'Celestial Silver Metallic', hex: 'b8bcc2' },
  { name: 'Magnetic Gray Metallic', hex: '5b5f66' },
  { name: 'Deep Blue Pearl', hex: '1f3a73' },
  { name: 'Ruby Flare Pearl', hex: '8e1b24' },
  { name: 'Lunar Rock', hex: '9c9a8e' },
  { name: 'Cavalry Blue', hex: '3d5a80' },
  { name: 'Army Green', hex: '4b5d3a' },
  { name: 'Sunset Orange', hex: 'd9642b' },
];

export const INTERIORS = ['Black Cloth', 'Black Leather', 'Gray Cloth', 'Ash Leatherette', 'Saddle Tan Leather', 'Ivory SofTex'];

export const FEATURES = [
  'Apple CarPlay / Android Auto',
  'Adaptive cruise control',
  'Blind-spot monitoring',
  'Lane-keeping assist',
  'Automatic emergency braking',
  'Backup camera',
  '360-degree camera',
  'Heated front seats',
  'Ventilated front seats',
  'Heated steering wheel',
  'Power liftgate',
  'Panoramic sunroof',
  'Wireless phone charging',
  'Premium audio system',
  'Navigation system',
  'Remote start',
  'Keyless entry and push-button start',
  'Dual-zone climate control',
  'Third-row seating',
  'Tow package',
  'LED headlights',
  'Rain-sensing wipers',
];
