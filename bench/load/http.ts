import { Agent, request } from 'node:http';

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface Call {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
}

const TIMEOUT_MS = 30_000;

/**
 * HTTP/1.1 with keep-alive, as browsers talk to a site: one pool per load, each in-flight request
 * on a connection of its own. Status 0 means the request failed below HTTP (reset, refused, timeout).
 */
export function httpClient(port: number, connections: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const send = ({ method, path, headers = {}, body }: Call): Promise<Answer> =>
    new Promise((resolve) => {
      const failed = (error: Error) => resolve({ status: 0, headers: {}, body: Buffer.from(error.message) });
      const outgoing = request({ host: '127.0.0.1', port, method, path, headers, agent, timeout: TIMEOUT_MS }, (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: Buffer.concat(chunks) }));
        incoming.on('error', failed);
      });
      outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer within ${TIMEOUT_MS / 1000} s`)));
      outgoing.on('error', failed);
      outgoing.end(body);
    });
  return { send, close: () => agent.destroy() };
}

export type HttpClient = ReturnType<typeof httpClient>;
