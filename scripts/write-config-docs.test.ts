import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONFIG_DOCS, renderConfigDocs } from './write-config-docs.ts';

describe('docs/configuration.md', () => {
  it('is what npm run docs:config writes from server/src/config.ts', async () => {
    const committed = readFileSync(CONFIG_DOCS, 'utf8');
    expect(committed === (await renderConfigDocs()), 'docs/configuration.md is stale: run npm run docs:config and commit it').toBe(true);
  });
});
