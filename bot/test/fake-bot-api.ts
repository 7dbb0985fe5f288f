import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

type Button = { text: string; url?: string; web_app?: { url: string }; callback_data?: string };

/** A Bot API request body, with the fields tests read typed (the rest stays unknown). */
export interface ApiPayload {
  chat_id?: number;
  from_chat_id?: number;
  message_id?: number;
  message_ids?: number[];
  message_thread_id?: number;
  name?: string;
  text?: string;
  url?: string;
  secret_token?: string;
  language_code?: string;
  protect_content?: boolean;
  scope?: { type: string; chat_id?: number };
  commands?: Array<{ command: string; description: string }>;
  menu_button?: unknown;
  media?: unknown;
  reply_parameters?: { message_id: number; allow_sending_without_reply?: boolean };
  reply_markup?: { inline_keyboard: Button[][] };
  caption?: string;
  document?: SentFile;
  [field: string]: unknown;
}

/** What the fake answered, where tests read it. */
interface ApiResult {
  message_id?: number;
  message_thread_id?: number;
}

/** One Bot API call the fake received. */
export interface ApiCall {
  method: string;
  payload: ApiPayload;
  /** What the fake answered (undefined for a scripted failure). */
  result?: ApiResult;
}

interface Failure {
  error_code: number;
  description: string;
  parameters?: { retry_after?: number };
}

export const FAKE_BOT_INFO = {
  id: 7_000_000_001,
  is_bot: true as const,
  first_name: 'Cars Test Bot',
  username: 'cars_test_bot',
  can_join_groups: true,
  can_read_all_group_messages: false,
  supports_inline_queries: false,
  can_connect_to_business: false,
  has_main_web_app: true,
  has_topics_enabled: false,
  allows_users_to_create_topics: false,
  can_manage_bots: false,
  supports_join_request_queries: false,
};

/** A file sent as multipart/form-data (sendDocument with an InputFile). */
export interface SentFile {
  filename: string;
  bytes: Buffer;
}

/** A form field as the JSON body would have carried it: numbers and objects parsed, text kept. */
function formValue(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * The parts of a multipart body, read by hand: grammY writes its headers without spaces and its
 * file names unquoted, which stricter form parsers refuse.
 */
function multipartParts(body: Buffer, boundary: string): Array<{ name: string; filename?: string; content: Buffer }> {
  const delimiter = Buffer.from(`--${boundary}`);
  const parts = [];
  let start = body.indexOf(delimiter);
  while (start !== -1) {
    const next = body.indexOf(delimiter, start + delimiter.length);
    if (next === -1) break;
    const part = body.subarray(start + delimiter.length + 2, next - 2);
    const split = part.indexOf('\r\n\r\n');
    const headers = part.subarray(0, split).toString('utf8');
    const name = /name="([^"]+)"/i.exec(headers)?.[1];
    const filename = /filename="?([^";\r\n]+)"?/i.exec(headers)?.[1];
    if (name) parts.push({ name, ...(filename ? { filename } : {}), content: part.subarray(split + 4) });
    start = next;
  }
  return parts;
}

/** The call's parameters: a JSON body, or a multipart form whose attach:// fields are replaced by their files. */
async function readPayload(request: IncomingMessage): Promise<ApiPayload> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  const boundary = /^multipart\/form-data;\s*boundary=(.+)$/.exec(request.headers['content-type'] ?? '')?.[1];
  if (!boundary) return body.length > 0 ? (JSON.parse(body.toString('utf8')) as ApiPayload) : {};
  const files = new Map<string, SentFile>();
  const fields: Record<string, unknown> = {};
  for (const { name, filename, content } of multipartParts(body, boundary)) {
    if (filename === undefined) fields[name] = formValue(content.toString('utf8'));
    else files.set(name, { filename, bytes: content });
  }
  for (const [key, value] of Object.entries(fields)) {
    if (typeof value === 'string' && value.startsWith('attach://')) fields[key] = files.get(value.slice('attach://'.length));
  }
  return fields;
}

/**
 * A Bot API server on 127.0.0.1 that records every call and answers like Telegram, so the bot runs
 * offline exactly as in production (grammY's real client, auto-retry included). Tests script
 * failures per method and can take the whole API down and bring it back.
 */
export class FakeBotApi {
  readonly calls: ApiCall[] = [];
  private readonly failures = new Map<string, Failure[]>();
  // An empty long poll answers after a moment, as Telegram's would, instead of spinning.
  private readonly delays = new Map<string, number>([['getUpdates', 200]]);
  /** Methods whose calls wait for the test to let them be answered (hold). */
  private readonly holds = new Map<string, Promise<void>>();
  private readonly updates: unknown[] = [];
  /** Files users "sent", by file_id, as getFile and the file URL hand them out. */
  private readonly files = new Map<string, Buffer>();
  private readonly declaredSizes = new Map<string, number>();
  private nextFileId = 1;
  private nextMessageId = 1000;
  private nextThreadId = 500;
  private server: Server;
  private port = 0;

  private constructor() {
    this.server = this.makeServer();
  }

  static async start(): Promise<FakeBotApi> {
    const fake = new FakeBotApi();
    await fake.listen();
    return fake;
  }

  /** BOT_API_ROOT for the bot under test. */
  get apiRoot(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  callsOf(method: string): ApiCall[] {
    return this.calls.filter((call) => call.method === method);
  }

  /** The next `times` calls of `method` fail with this Telegram error. */
  failNext(method: string, failure: Failure, times = 1): void {
    this.failures.set(method, [...(this.failures.get(method) ?? []), ...Array.from({ length: times }, () => failure)]);
  }

  /** An update for a polling bot: the next getUpdates hands it over, as Telegram does with what a user sent. */
  deliver(update: unknown): void {
    this.updates.push(update);
  }

  /**
   * A file as if a user had sent it: the ids a photo size or document of an update carries, its
   * size as Telegram declares it (`declaredSize` makes the declaration lie), and its bytes behind
   * getFile's path. Downloads are recorded as calls of `file`.
   */
  addFile(bytes: Buffer, declaredSize = bytes.length): { file_id: string; file_unique_id: string; file_size: number } {
    const id = `file-${this.nextFileId++}`;
    this.files.set(id, bytes);
    this.declaredSizes.set(id, declaredSize);
    return { file_id: id, file_unique_id: `${id}-u`, file_size: declaredSize };
  }

  /** Calls of `method` get no answer until the function returned is called. */
  hold(method: string): () => void {
    let release = () => {};
    this.holds.set(method, new Promise<void>((resolve) => (release = resolve)));
    return () => {
      this.holds.delete(method);
      release();
    };
  }

  /** Waits until `method` has been called `count` times in all. */
  async waitFor(method: string, count = 1, timeoutMs = 10_000): Promise<ApiCall[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.callsOf(method).length < count) {
      if (Date.now() > deadline) throw new Error(`expected ${count} ${method} call(s), got ${this.callsOf(method).length}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return this.callsOf(method);
  }

  /** Telegram unreachable: connections are refused until up(). */
  async down(): Promise<void> {
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  async up(): Promise<void> {
    if (this.server.listening) return;
    this.server = this.makeServer();
    await this.listen();
  }

  async close(): Promise<void> {
    if (this.server.listening) await this.down();
  }

  private listen(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(this.port, '127.0.0.1', () => {
        this.port = (this.server.address() as AddressInfo).port;
        resolve();
      });
    });
  }

  private makeServer(): Server {
    const server = createServer((request, response) => {
      void (async () => {
        const download = /^\/file\/bot[^/]+\/photos\/(.+)$/.exec(request.url ?? '');
        if (download) {
          const fileId = decodeURIComponent(download[1]!);
          this.calls.push({ method: 'file', payload: { url: request.url, file_id: fileId } });
          const bytes = this.files.get(fileId);
          response.writeHead(bytes ? 200 : 404, { 'content-type': 'application/octet-stream' });
          response.end(bytes ?? 'Not Found');
          return;
        }
        const method = (request.url ?? '').split('/').pop() ?? '';
        const payload = await readPayload(request);
        const call: ApiCall = { method, payload };
        this.calls.push(call);
        const wait = this.delays.get(method);
        if (wait) await new Promise((resolve) => setTimeout(resolve, wait));
        await this.holds.get(method);
        const failure = this.failures.get(method)?.shift();
        if (!failure) call.result = this.answer(method, payload) as ApiResult;
        const body = failure ? { ok: false, ...failure } : { ok: true, result: call.result };
        response.writeHead(failure ? failure.error_code : 200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      })();
    });
    // Telegram keeps connections open for long; Node's 5 s default would close them under a busy client.
    server.keepAliveTimeout = 65_000;
    return server;
  }

  private answer(method: string, payload: ApiPayload): unknown {
    const date = Math.floor(Date.now() / 1000);
    switch (method) {
      case 'getMe':
        return FAKE_BOT_INFO;
      case 'getUpdates':
        return this.updates.splice(0);
      case 'sendMessage':
        return { message_id: this.nextMessageId++, date, chat: { id: payload.chat_id, type: 'private' }, text: payload.text };
      case 'sendPhoto':
        return {
          message_id: this.nextMessageId++,
          date,
          chat: { id: payload.chat_id, type: 'private' },
          photo: [{ file_id: `photo-${this.nextFileId++}`, file_unique_id: 'u', width: 640, height: 427 }],
          caption: payload.caption,
        };
      case 'sendDocument':
        return { message_id: this.nextMessageId++, date, chat: { id: payload.chat_id, type: 'private' }, caption: payload.caption };
      case 'copyMessage':
        return { message_id: this.nextMessageId++ };
      case 'copyMessages':
        return (payload.message_ids ?? []).map(() => ({ message_id: this.nextMessageId++ }));
      case 'getFile': {
        const fileId = String(payload.file_id);
        if (!this.files.has(fileId)) return undefined;
        return { file_id: fileId, file_unique_id: `${fileId}-u`, file_size: this.declaredSizes.get(fileId), file_path: `photos/${fileId}` };
      }
      case 'createForumTopic':
        return { message_thread_id: this.nextThreadId++, name: payload.name, icon_color: 7322096 };
      default:
        return true;
    }
  }
}

/** The inline keyboard a call sent; fails the test when it sent none. */
export function keyboardOf(call: ApiCall): Button[][] {
  const keyboard = call.payload.reply_markup?.inline_keyboard;
  if (!keyboard) throw new Error(`${call.method} sent no inline keyboard`);
  return keyboard;
}
