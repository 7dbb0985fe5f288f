import { describe, expect, it } from 'vitest';
import { Api } from 'grammy';
import { FakeBotApi } from '../test/fake-bot-api.ts';
import { retryDroppedConnections } from './network-retry.ts';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const TOKEN = '123456789:TEST-token-for-network-retries-000000';

describe('a dropped connection to the Bot API', () => {
  it('is tried again, and the call succeeds', async () => {
    // A server that drops the first connection it gets, then answers like Telegram.
    let dropped = 0;
    const fake = await FakeBotApi.start();
    const flaky = createServer((request, response) => {
      if (dropped++ === 0) {
        request.socket.destroy();
        return;
      }
      void fetch(`${fake.apiRoot}${request.url}`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } })
        .then((answer) => answer.text())
        .then((body) => response.writeHead(200, { 'content-type': 'application/json' }).end(body));
    });
    await new Promise<void>((resolve) => flaky.listen(0, '127.0.0.1', resolve));
    try {
      const api = new Api(TOKEN, { apiRoot: `http://127.0.0.1:${(flaky.address() as AddressInfo).port}` });
      api.config.use(retryDroppedConnections);
      await expect(api.getMe()).resolves.toMatchObject({ is_bot: true });
      expect(dropped).toBe(2);
    } finally {
      flaky.close();
      await fake.close();
    }
  });

  it('still fails within about a second when the Bot API stays unreachable', async () => {
    const fake = await FakeBotApi.start();
    const apiRoot = fake.apiRoot;
    await fake.close();
    const api = new Api(TOKEN, { apiRoot });
    api.config.use(retryDroppedConnections);
    await expect(api.getMe()).rejects.toThrow(/Network request for 'getMe' failed/);
  });
});
