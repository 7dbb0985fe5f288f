import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sign } from '@telegram-apps/init-data-node';
import type { MyApplication, StaffApplication } from '../../domain/contracts/applications.ts';
import type { CurrentUser } from '../../domain/contracts/users.ts';
import { LANGUAGES, STAFF_APPLICATION_STATUSES, type ApplicationStatus, type Language } from '../../domain/enums.ts';
import { licencePhoto, submissionBody } from '../../server/test/applications.ts';
import { PATHS } from '../cars-mix.ts';
import { ADMIN_TELEGRAM_IDS, BOT_TOKEN } from './cluster.ts';
import type { Answer, Call, HttpClient } from './http.ts';
import type { Recorder } from './recorder.ts';

/**
 * How the clients behave. Shoppers browse as a session (the app's start, catalogue pages, car
 * pages, favourites) and some open the application wizard, save drafts and submit with both licence
 * photos; staff go through the dashboard's lists and applications, change statuses and now and then
 * download a PDF. Nobody waits between two calls, so every client keeps the servers busy.
 */
export interface Mix {
  /** Clients that are staff; the rest are shoppers. */
  staffClients: number;
  /** Shoppers inside Telegram (signed init data); the rest are web guests (cookie). */
  telegramShare: number;
  favouriteChance: number;
  /** A session opens the application wizard. */
  applyChance: number;
  /** A wizard session goes on to upload both photos and submit. */
  submitChance: number;
  /** A staff pass over one application changes its status (an outbox event). */
  statusChance: number;
  /** A staff pass downloads the application's PDF. */
  pdfChance: number;
}

export const REALISTIC_MIX: Mix = {
  staffClients: 8,
  telegramShare: 0.6,
  favouriteChance: 0.3,
  applyChance: 0.08,
  submitChance: 0.3,
  statusChance: 0.3,
  pdfChance: 0.05,
};

/** A submitted application, as staff find it and as the outbox check counts its notifications. */
export interface Submitted {
  id: number;
  userId: number;
  telegramId: number | null;
}

export interface TrafficContext {
  client: HttpClient;
  recorder: Recorder;
  mix: Mix;
  carUuids: string[];
  /** Licence photos as the web app uploads them (already shrunk by the browser). */
  photos: { front: Buffer; back: Buffer };
  submitted: Submitted[];
  /** Calls stop being made at this time (performance.now()); a session in progress ends there. */
  until: number;
}

/** A distinct address and Telegram id per visitor, different on every run (rate-limit counters live a minute in Redis). */
const runTag = Math.floor(Math.random() * 200) + 20;
let visitors = 0;
const nextAddress = () => {
  const n = visitors++;
  return `10.${runTag}.${(n >> 8) & 255}.${n & 255}`;
};
const telegramIdBase = 6_000_000_000 + runTag * 1_000_000;

const random = Math.random;
const chance = (p: number) => random() < p;
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));

class Visitor {
  private readonly cookies = new Map<string, string>();
  userId: number | undefined;

  constructor(
    private readonly ctx: TrafficContext,
    readonly address: string,
    readonly language: Language,
    private readonly authorization?: string,
    readonly telegramId: number | null = null,
  ) {}

  /**
   * One call: recorded under `route`, an error unless its status is in `expected`. Answers
   * undefined when the run is over or the call failed, and the session then stops: what comes
   * next would depend on it.
   */
  async call(route: string, call: Call, expected: number[], busyAllowed = false): Promise<Answer | undefined> {
    if (performance.now() >= this.ctx.until) return undefined;
    const headers: Record<string, string> = { 'x-forwarded-for': this.address, 'accept-language': this.language, ...call.headers };
    if (this.authorization) headers.authorization = this.authorization;
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const started = performance.now();
    const answer = await this.ctx.client.send({ ...call, headers });
    const ms = performance.now() - started;
    for (const line of [answer.headers['set-cookie'] ?? []].flat()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      if (at > 0) this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    if (expected.includes(answer.status)) {
      this.ctx.recorder.record(route, ms, 'ok');
      return answer;
    }
    if (busyAllowed && answer.status === 503 && /"code":"(pdf_)?busy"/.test(answer.body.toString())) {
      this.ctx.recorder.record(route, ms, 'busy');
      return undefined;
    }
    this.ctx.recorder.record(route, ms, { unexpected: `${answer.status} ${answer.body.subarray(0, 200).toString()}` });
    return undefined;
  }

  get = (route: string, path: string, expected = [200]) => this.call(route, { method: 'GET', path }, expected);
  send = (route: string, method: string, path: string, json: unknown, expected = [200]) =>
    this.call(route, { method, path, headers: { 'content-type': 'application/json' }, body: JSON.stringify(json) }, expected);
}

const json = <T>(answer: Answer) => JSON.parse(answer.body.toString()) as T;

function telegramVisitor(ctx: TrafficContext, telegramId: number, language: Language, address = nextAddress()): Visitor {
  const initData = sign(
    {
      user: { id: telegramId, first_name: 'Load', last_name: `Shopper ${telegramId}`, language_code: language },
      query_id: `AAH${telegramId}`,
    },
    BOT_TOKEN,
    new Date(),
  );
  return new Visitor(ctx, address, language, `tma ${initData}`, telegramId);
}

/** The wizard: drafts saved as the applicant types, then (sometimes) photos and the submission. */
async function apply(ctx: TrafficContext, visitor: Visitor, carUuid: string): Promise<void> {
  const me = await visitor.get('GET /api/me', '/api/me');
  if (!me) return;
  visitor.userId = json<{ user: CurrentUser | null }>(me).user?.id;
  if (!(await visitor.get('GET /api/applications/draft', '/api/applications/draft'))) return;
  if (!(await visitor.get('GET /api/applications/consents', `/api/applications/consents?lang=${visitor.language}`))) return;
  const personal = {
    firstName: 'Mary',
    lastName: 'Major',
    email: 'mary.major@example.com',
    verifyEmail: 'mary.major@example.com',
    phone: '(555) 123-4567',
    dateOfBirth: '01/31/1990',
  };
  const housing = {
    ownership: 'Rent',
    monthlyPayment: '1250',
    address: '12 Elm St.',
    city: 'Springfield',
    state: 'IL',
    postalCode: '62701',
    yearsAtAddress: '1',
    monthsAtAddress: '2',
  };
  const income = { employmentStatus: 'Employed', monthlyIncome: '5200', employerName: 'Acme Corp', occupation: 'Engineer' };
  for (const draft of [
    { carId: carUuid, personal },
    { carId: carUuid, personal, housing },
    { carId: carUuid, personal, housing, income },
  ]) {
    const saved = await visitor.send('PUT /api/applications/draft', 'PUT', '/api/applications/draft', draft);
    if (!saved) return;
  }
  if (!chance(ctx.mix.submitChance)) return;

  const photos: Record<string, number> = {};
  for (const side of ['front', 'back'] as const) {
    const { payload, headers } = licencePhoto(ctx.photos[side], { side });
    const uploaded = await visitor.call(
      'POST /api/applications/documents',
      { method: 'POST', path: '/api/applications/documents', headers, body: payload },
      [201],
      true,
    );
    if (!uploaded) return;
    photos[side] = json<{ id: number }>(uploaded).id;
  }
  // A guest exists since their first car page, so /api/me named them at the wizard's start.
  if (visitor.userId === undefined) return;
  const body = submissionBody(visitor.userId, { front: photos.front!, back: photos.back! }, { carId: carUuid });
  const submitted = await visitor.call(
    'POST /api/applications',
    {
      method: 'POST',
      path: '/api/applications',
      headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify(body),
    },
    [201],
  );
  if (!submitted) return;
  ctx.submitted.push({ id: json<MyApplication>(submitted).id, userId: visitor.userId, telegramId: visitor.telegramId });
  await visitor.get('GET /api/applications/mine', '/api/applications/mine');
}

/** One visit from opening the app to leaving it; every visit is a new person at a new address. */
export async function shopperSession(ctx: TrafficContext, forceSubmit = false): Promise<void> {
  const language = chance(0.7) ? 'en' : pick(LANGUAGES);
  const inTelegram = chance(ctx.mix.telegramShare);
  const visitor = inTelegram ? telegramVisitor(ctx, telegramIdBase + visitors, language) : new Visitor(ctx, nextAddress(), language);
  if (inTelegram && !(await visitor.send('POST /api/users/register', 'POST', '/api/users/register', {}))) return;
  if (!(await visitor.get('GET /api/site', '/api/site'))) return;
  for (let page = between(1, 3); page > 0; page--) if (!(await visitor.get('GET /api/cars', pick(PATHS)))) return;
  if (chance(0.3) && !(await visitor.get('GET /api/cars/filters', '/api/cars/filters'))) return;
  let car = pick(ctx.carUuids);
  for (let pages = between(1, 3); pages > 0; pages--) {
    car = pick(ctx.carUuids);
    if (!(await visitor.get('GET /api/cars/:uuid', `/api/cars/${car}`))) return;
    if (!(await visitor.send('POST /api/viewed-cars', 'POST', '/api/viewed-cars', { carUuid: car }))) return;
  }
  if (chance(ctx.mix.favouriteChance)) {
    if (!(await visitor.send('POST /api/viewed-cars/toggle-favorite', 'POST', '/api/viewed-cars/toggle-favorite', { car_uuid: car })))
      return;
    if (!(await visitor.get('GET /api/favorites', '/api/favorites?limit=50'))) return;
  }
  if (chance(0.1) && !(await visitor.get('GET /api/faqs/public', `/api/faqs/public?lang=${language}`))) return;
  if (forceSubmit) {
    const mix = { ...ctx.mix, submitChance: 1 };
    await apply({ ...ctx, mix }, visitor, car);
  } else if (chance(ctx.mix.applyChance)) {
    await apply(ctx, visitor, car);
  }
}

const USER_LISTS = [
  '/api/users?page=1&limit=20',
  '/api/users?page=1&limit=20&applicationStatus=in_review',
  '/api/users?page=2&limit=20&sortBy=last_active_at&sortOrder=desc',
  '/api/users?page=1&limit=20&regBOverdue=true',
  '/api/users?page=1&limit=50&language=es&sortBy=last_name&sortOrder=asc',
];

/** A staff member's dashboard: the list, an application, its trail and photo, a decision, sometimes a PDF. */
export async function staffPass(ctx: TrafficContext, staff: Visitor): Promise<void> {
  if (!(await staff.get('GET /api/users', pick(USER_LISTS)))) return;
  if (chance(0.2) && !(await staff.get('GET /api/metrics', '/api/metrics'))) return;
  if (ctx.submitted.length === 0) return;
  const { id, userId } = pick(ctx.submitted);
  const read = await staff.get('GET /api/applications/user/:userId', `/api/applications/user/${userId}`);
  if (!read) return;
  if (!(await staff.get('GET /api/applications/:id/history', `/api/applications/${id}/history?limit=20`))) return;
  if (chance(0.3) && !(await staff.get('GET /api/applications/:id/documents/:side', `/api/applications/${id}/documents/front`))) return;
  if (chance(0.2) && !(await staff.get('GET /api/chat/:userId', `/api/chat/${userId}`))) return;
  if (chance(ctx.mix.statusChance)) {
    const current = json<StaffApplication>(read).status;
    const status: ApplicationStatus = pick(STAFF_APPLICATION_STATUSES.filter((s) => s !== current));
    // A rejection names its principal reasons, as staff do in the rejection dialog.
    const body = status === 'rejected' ? { status, reasons: ['insufficient_income'] } : { status };
    if (!(await staff.send('PATCH /api/applications/:id/status', 'PATCH', `/api/applications/${id}/status`, body))) return;
  }
  if (chance(ctx.mix.pdfChance))
    await staff.call('GET /api/applications/:id/pdf', { method: 'GET', path: `/api/applications/${id}/pdf?lang=en` }, [200], true);
}

export function staffMember(ctx: TrafficContext, index: number): Visitor {
  return telegramVisitor(ctx, ADMIN_TELEGRAM_IDS[index % ADMIN_TELEGRAM_IDS.length]!, 'en');
}

/** Runs `clients` clients until ctx.until: the first mix.staffClients are staff, the others shoppers. */
export async function runClients(ctx: TrafficContext, clients: number): Promise<void> {
  const staffCount = Math.min(ctx.mix.staffClients, Math.max(0, clients - 1));
  await Promise.all(
    Array.from({ length: clients }, async (_, index) => {
      const staff = index < staffCount ? staffMember(ctx, index) : undefined;
      while (performance.now() < ctx.until) {
        if (staff) await staffPass(ctx, staff);
        else await shopperSession(ctx);
      }
    }),
  );
}
