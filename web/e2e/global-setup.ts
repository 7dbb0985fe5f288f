import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { browserLaunchOptions, chromiumPath, REPO_ROOT, startProductionServer, type ProductionServer } from './harness.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The Playwright endpoint of the one Chromium every browser test file connects to; null without Chromium. */
    e2eBrowser: string | null;
    /** Where a test file asks for the production server of its configuration (browser-suite.ts, sharedServer); null without Chromium. */
    e2eServers: string | null;
  }
}

/** What the builds printed is shown only when one fails. */
function buildIfStale(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/build-if-stale.js'], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`Building for the browser tests failed (${code}):\n${output}`))));
  });
}

/** One key per configuration: the same variables in any order start one server. */
const configurationKey = (env: Record<string, string | undefined>) =>
  JSON.stringify(
    Object.entries(env)
      .filter(([, value]) => value !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );

/**
 * Serves POST / with a configuration (the variables a suite adds to the server's environment, as
 * JSON) and answers that configuration's server, started on the first such request and shared by
 * every later one.
 */
function serverRegistry(started: Map<string, Promise<ProductionServer>>): Server {
  return createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      void (async () => {
        try {
          const env = JSON.parse(body) as Record<string, string | undefined>;
          const key = configurationKey(env);
          if (!started.has(key)) started.set(key, startProductionServer(env));
          const server = await started.get(key)!;
          response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ baseUrl: server.baseUrl }));
        } catch (error) {
          response.writeHead(500, { 'content-type': 'text/plain' }).end(error instanceof Error ? error.message : String(error));
        }
      })();
    });
  });
}

/**
 * Once for all browser test files: builds the web app and the server when their sources changed,
 * starts the one Chromium they connect to, and starts one production server per configuration the
 * files ask for. Everything is stopped after the last file.
 */
export default async function setup(project: TestProject) {
  if (!chromiumPath()) {
    // Every suite skips and says so (harness.ts, reportMissingChromium).
    project.provide('e2eBrowser', null);
    project.provide('e2eServers', null);
    return;
  }
  const launching = chromium.launchServer({ ...browserLaunchOptions(), host: '127.0.0.1' });
  try {
    await buildIfStale();
  } catch (error) {
    await (await launching).close();
    throw error;
  }
  const browser = await launching;
  const started = new Map<string, Promise<ProductionServer>>();
  const registry = serverRegistry(started);
  await new Promise<void>((resolve) => registry.listen(0, '127.0.0.1', resolve));
  project.provide('e2eBrowser', browser.wsEndpoint());
  project.provide('e2eServers', `http://127.0.0.1:${(registry.address() as AddressInfo).port}/`);

  return async () => {
    registry.closeAllConnections();
    await new Promise((resolve) => registry.close(resolve));
    const servers = await Promise.allSettled(started.values());
    await Promise.all(servers.flatMap((server) => (server.status === 'fulfilled' ? [server.value.stop()] : [])));
    await browser.close();
  };
}
