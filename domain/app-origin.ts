/** Where the web app lives: PUBLIC_URL in deployments, the local server otherwise (links in bot messages and sign-in links). */
export const appOrigin = (config: { publicUrl?: string | undefined; port: number }) =>
  config.publicUrl ?? `http://localhost:${config.port}`;
