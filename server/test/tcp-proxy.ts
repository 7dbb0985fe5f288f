import { createServer, Socket, type AddressInfo } from 'node:net';

/**
 * A TCP proxy on 127.0.0.1 in front of a real server, to make it misbehave as a network does:
 * `freeze()` keeps every connection open but passes no byte either way (a hung or stopped
 * database), `refuse()` drops every connection and refuses new ones (a database that is down),
 * `heal()` goes back to passing traffic, held bytes first.
 */
export interface TcpProxy {
  readonly port: number;
  freeze(): void;
  refuse(): void;
  heal(): void;
  close(): Promise<void>;
}

interface Link {
  client: Socket;
  upstream: Socket;
  held: Array<[Socket, Buffer]>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let mode: 'pass' | 'frozen' | 'refusing' = 'pass';
  const links = new Set<Link>();
  const cut = (link: Link) => {
    links.delete(link);
    link.client.destroy();
    link.upstream.destroy();
  };

  const server = createServer((client) => {
    if (mode === 'refusing') return client.destroy();
    const link: Link = { client, upstream: new Socket(), held: [] };
    links.add(link);
    const forward = (to: Socket) => (chunk: Buffer) => (mode === 'frozen' ? link.held.push([to, chunk]) : to.write(chunk));
    for (const [from, to] of [
      [link.client, link.upstream],
      [link.upstream, link.client],
    ] as const) {
      from
        .on('data', forward(to))
        .on('error', () => cut(link))
        .on('close', () => cut(link));
    }
    link.upstream.connect(target.port, target.host);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  const refuse = () => {
    mode = 'refusing';
    for (const link of links) cut(link);
  };
  return {
    port: (server.address() as AddressInfo).port,
    freeze: () => {
      mode = 'frozen';
    },
    refuse,
    heal: () => {
      mode = 'pass';
      for (const link of links) for (const [to, chunk] of link.held.splice(0)) to.write(chunk);
    },
    close: async () => {
      refuse();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
