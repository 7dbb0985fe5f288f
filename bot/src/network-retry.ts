import { HttpError, type Transformer } from 'grammy';

const DELAYS_MS = [250, 1000];

/**
 * A connection dropped under a call (a kept-alive socket closed as it was reused, a short network
 * blip) is tried again twice, quickly. A longer outage still fails the call within about a second,
 * so a handler never hangs and the outbox's own backoff takes over. (auto-retry would retry
 * network failures without end.)
 */
export const retryDroppedConnections: Transformer = async (prev, method, payload, signal) => {
  for (let attempt = 0; ; attempt++) {
    try {
      return await prev(method, payload, signal);
    } catch (error) {
      const delay = DELAYS_MS[attempt];
      if (!(error instanceof HttpError) || delay === undefined || signal?.aborted) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
};
