# Node 22 LTS: Node 20 reached its end of life on 2026-04-30. The code itself still runs on Node
# 20.19+ (package.json engines), for machines that have nothing newer.
# Build stage: every dependency, the web app built into web/dist (its server renderer into web/dist-ssr)
# and the server compiled into dist/.
FROM node:22-bookworm-slim AS build
WORKDIR /app
ENV PUPPETEER_SKIP_DOWNLOAD=1
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Runtime stage: production dependencies and the built files only; plain node runs the server.
# Debian's Chromium renders PDFs (never Puppeteer's download).
FROM node:22-bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends chromium fonts-dejavu-core ca-certificates \
 && rm -rf /var/lib/apt/lists/*

WORKDIR /app
ENV PUPPETEER_SKIP_DOWNLOAD=1 \
    CHROME_PATH=/usr/bin/chromium

COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund \
 && npm cache clean --force

COPY --from=build /app/dist ./dist
COPY --from=build /app/web/dist ./web/dist
# The public pages' server renderer (docs/decisions/021-server-rendered-public-pages.md).
COPY --from=build /app/web/dist-ssr ./web/dist-ssr
COPY --from=build /app/locales ./locales
# The demo inventory's stock file, which SEED_DEMO=true imports on first start (server/src/seed/demo-stock.ts).
COPY --from=build /app/server/src/seed/demo-stock.csv ./server/src/seed/demo-stock.csv

# glibc keeps what image decoding frees in per-thread arenas, so memory stays up after a burst of
# uploads; two arenas, and blocks over 128 KB always mapped and unmapped on their own, give it back
# (docs/operations/faults.md, pixel bombs). glibc reads them at process start only; `npm start`
# (scripts/start.js) sets the same two when they are missing, starting the server again with them.
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data \
    MALLOC_ARENA_MAX=2 \
    MALLOC_MMAP_THRESHOLD_=131072
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
EXPOSE 3000
USER node
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s CMD node -e "fetch('http://127.0.0.1:3000/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# node itself is PID 1's command (no npm or shell in between), so SIGTERM from `docker stop` reaches the server.
CMD ["node", "dist/server/src/start.js"]
