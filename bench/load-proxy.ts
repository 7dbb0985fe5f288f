import { Agent, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The load balancer of `npm run bench:load`, in a process of its own so that its work shows apart
 * from the clients' and the servers': round-robin per request over the ports in UPSTREAMS
 * (comma-separated, on 127.0.0.1), so one visitor's consecutive calls land on different instances.
 * Prints `listening <port>` once it accepts connections.
 *
 * On one machine every client connects from 127.0.0.1, so the address a real balancer would put in
 * X-Forwarded-For is taken from the X-Forwarded-For the client sent: the servers (TRUST_PROXY=1)
 * then see as many distinct visitors as the load has.
 */
const upstreams = (process.env.UPSTREAMS ?? '').split(',').filter(Boolean).map(Number);
if (upstreams.length === 0) throw new Error('UPSTREAMS: give the upstream ports, such as 4001,4002');

const agent = new Agent({ keepAlive: true, maxSockets: 512 });
let next = 0;

const server = createServer((incoming, outgoing) => {
  const port = upstreams[next++ % upstreams.length]!;
  const forwarded = request(
    {
      host: '127.0.0.1',
      port,
      method: incoming.method,
      path: incoming.url,
      headers: { ...incoming.headers, 'x-forwarded-for': incoming.headers['x-forwarded-for'] ?? '127.0.0.1' },
      agent,
    },
    (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    },
  );
  forwarded.on('error', () => {
    if (!outgoing.headersSent) outgoing.writeHead(502, { 'content-type': 'text/plain' });
    outgoing.end('upstream failed');
  });
  incoming.pipe(forwarded);
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => process.stdout.write(`listening ${(server.address() as AddressInfo).port}\n`));
process.on('SIGTERM', () => process.exit(0));
