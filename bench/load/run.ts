import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import {
  outboxOutcome,
  postWebhookUpdates,
  probeSharedRateLimit,
  webhookOutcome,
  type OutboxOutcome,
  type RateLimitOutcome,
  type WebhookOutcome,
} from './checks.ts';
import { startCluster } from './cluster.ts';
import { httpClient } from './http.ts';
import { Recorder, type RouteFigures } from './recorder.ts';
import { runClients, shopperSession, staffMember, staffPass, type Mix, type Submitted, type TrafficContext } from './traffic.ts';
import { sampleUsage, type Usage } from './usage.ts';

export interface LoadOptions {
  processes: number;
  clients: number;
  seconds: number;
  postgresUrl: string;
  redisUrl: string;
  mix: Mix;
  /** The longer edge of the licence photos in pixels: the web app shrinks them to 2,000 before uploading. */
  photoEdge: number;
  /** A Telegram update reaches the webhook this often while the load runs. */
  webhookEveryMs: number;
  /** Applications submitted before the measured time, so that staff have some to read from the start. */
  warmUpApplications: number;
}

export interface LoadResult {
  options: LoadOptions;
  routes: RouteFigures[];
  total: RouteFigures;
  seconds: number;
  /** Unexpected answers before the measured time (they count as errors too). */
  warmUpErrors: number;
  errorSamples: string[];
  /** Lines the servers logged at level error or fatal: a 500 or a crash shows here. */
  serverErrors: string[];
  usage: Usage;
  webhook: WebhookOutcome;
  outbox: OutboxOutcome;
  rateLimit: RateLimitOutcome;
  submitted: number;
}

/** A phone photo of a licence, as the browser uploads it: textured, so the JPEG is realistically large. */
const licencePhoto = (edge: number, tint: string) =>
  sharp({
    create: {
      width: edge,
      height: Math.round(edge * 0.63),
      channels: 3,
      background: tint,
      noise: { type: 'gaussian', mean: 128, sigma: 24 },
    },
  })
    .blur(1.2)
    .jpeg({ quality: 85 })
    .toBuffer();

const SERVER_ERROR_LINES = 10;

/** Starts the servers (and their proxy) on a database of their own, runs the mix, checks, and tears it all down. */
export async function runLoad(options: LoadOptions, progress: (line: string) => void = () => {}): Promise<LoadResult> {
  const cluster = await startCluster({
    postgresUrl: options.postgresUrl,
    redisUrl: options.redisUrl,
    processes: options.processes,
    rateLimitMax: 1_000_000,
  });
  const client = httpClient(cluster.proxy.port, options.clients + 8);
  try {
    const photos = { front: await licencePhoto(options.photoEdge, '#7090b0'), back: await licencePhoto(options.photoEdge, '#b09070') };
    const submitted: Submitted[] = [];
    const ctx = (recorder: Recorder, until: number): TrafficContext => ({
      client,
      recorder,
      mix: options.mix,
      carUuids: cluster.carUuids,
      photos,
      submitted,
      until,
    });

    progress(`warming up: ${options.warmUpApplications} applications${options.mix.pdfChance > 0 ? ', a PDF from each instance' : ''}`);
    const warmUp = new Recorder();
    const warmCtx = ctx(warmUp, Number.POSITIVE_INFINITY);
    await Promise.all(Array.from({ length: options.warmUpApplications }, () => shopperSession(warmCtx, true)));
    const staff = staffMember(warmCtx, 0);
    // One decision before the clock starts: the outbox's status events are then checked however slowly
    // this machine gets through the timed part.
    await staffPass({ ...warmCtx, mix: { ...warmCtx.mix, statusChance: 1, pdfChance: 0 } }, staff);
    // One after another through the round-robin proxy: each instance starts its Chromium.
    for (let i = 0; i < options.processes && submitted[0] && options.mix.pdfChance > 0; i++) {
      await staff.call('GET /api/applications/:id/pdf', { method: 'GET', path: `/api/applications/${submitted[0].id}/pdf` }, [200]);
    }

    progress(`${options.clients} clients for ${options.seconds} s on ${options.processes} process${options.processes === 1 ? '' : 'es'}`);
    const recorder = new Recorder();
    const usage = sampleUsage({ servers: cluster.servers.map((s) => s.pid), proxy: cluster.proxy.pid, databaseName: cluster.databaseName });
    const stopPosting = postWebhookUpdates(cluster, options.webhookEveryMs);
    const started = performance.now();
    await runClients(ctx(recorder, started + options.seconds * 1000), options.clients);
    const seconds = (performance.now() - started) / 1000;
    const measured = usage.stop();
    const posted = await stopPosting();

    progress('checking: webhook replies, outbox deliveries, the shared rate limit');
    const webhook = await webhookOutcome(cluster, posted);
    const outbox = await outboxOutcome(cluster, submitted);
    const rateLimit = await probeSharedRateLimit(cluster);
    const serverErrors = cluster.servers.flatMap((server, index) =>
      server
        .output()
        .split('\n')
        .filter((line) => /"level":(50|60)\b/.test(line))
        .map((line) => `server ${index + 1}: ${line.slice(0, 400)}`),
    );
    return {
      options,
      routes: recorder.figures(),
      total: recorder.total(),
      seconds,
      warmUpErrors: warmUp.total().errors,
      errorSamples: [...warmUp.errorSamples, ...recorder.errorSamples],
      serverErrors: serverErrors.slice(0, SERVER_ERROR_LINES),
      usage: measured,
      webhook,
      outbox,
      rateLimit,
      submitted: submitted.length,
    };
  } finally {
    client.close();
    await cluster.close();
  }
}
