import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { TELEGRAM_LAUNCH_SCRIPT } from '../domain/telegram-launch.ts';
import { BOOT_SCRIPT_MANIFEST_KEY } from '../domain/contracts/page-render.ts';
import { bootScript as bootScriptSource } from './build/boot-script.ts';
import { pruneTelegramUiCss } from './build/prune-telegram-ui-css.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/**
 * Writes .br and .gz beside every text asset of the build; the server sends them as they are
 * (@fastify/static preCompressed), so no request pays for compression.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    // The server bundle is read from disk by the server, never sent.
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((entry) => {
          const path = join(dir, entry);
          return statSync(path).isDirectory() ? walk(path) : [path];
        });
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json|txt)$/.test(file)) continue;
        const content = readFileSync(file);
        if (content.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

/** The Telegram launch check, first in the head so it runs before anything paints (domain/telegram-launch.ts). */
function telegramLaunchScript(): Plugin {
  return {
    name: 'telegram-launch-script',
    transformIndexHtml: () => [{ tag: 'script', children: TELEGRAM_LAUNCH_SCRIPT, injectTo: 'head-prepend' }],
  };
}

/** The script that loads the app after a server-rendered page's first paint (web/build/boot-script.ts). */
function bootScript(): Plugin {
  return {
    name: 'boot-script',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    generateBundle(_options, bundle) {
      const entry = Object.values(bundle).find((output) => output.type === 'chunk' && output.isEntry);
      const libraries = entry?.type === 'chunk' ? entry.imports.map((file) => `${this.environment.config.base}${file}`) : [];
      this.emitFile({ type: 'asset', name: 'boot.js', originalFileName: BOOT_SCRIPT_MANIFEST_KEY, source: bootScriptSource(libraries) });
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  root,
  // The .po catalogues live at the repository root (shared with bot and PDF); Lingui compiles them.
  plugins: [
    react(),
    lingui({ cwd: repoRoot, configPath: fileURLToPath(new URL('../lingui.config.ts', import.meta.url)) }),
    pruneTelegramUiCss({ sourceDir: join(root, 'src'), packageDir: join(repoRoot, 'node_modules/@telegram-apps/telegram-ui') }),
    telegramLaunchScript(),
    bootScript(),
    precompress(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // Modern syntax as is: every browser that runs Telegram mini apps supports ES2022.
    target: 'es2022',
    // The server inlines a server-rendered screen's stylesheets and finds the boot script from it (server/src/site/page-render.ts).
    manifest: true,
    rolldownOptions: {
      output: isSsrBuild
        ? {}
        : {
            // The two largest libraries each in a chunk of its own, which the boot script evaluates in a
            // task of its own (web/build/boot-script.ts).
            codeSplitting: {
              groups: [
                { name: 'react-dom', test: /node_modules[\\/](react-dom|scheduler)[\\/]/ },
                { name: 'react-router', test: /node_modules[\\/]react-router[\\/]/ },
                { name: 'messages-en', test: /locales[\\/]en[\\/]messages\.po$/ },
              ],
            },
          },
    },
  },
  // `build:web`'s second step, `--ssr src/entry-server.tsx --outDir dist-ssr`: one self-contained file
  // the server imports (docs/decisions/021-server-rendered-public-pages.md), so no package's CSS import
  // or browser-only export condition reaches Node.
  ssr: { noExternal: true },
  server: {
    fs: { allow: [repoRoot] },
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/media': 'http://127.0.0.1:3000',
    },
  },
}));
