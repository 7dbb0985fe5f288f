import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkReferences, findReferences, headingAnchors } from './check-comment-links.ts';

describe('doc references in source files', () => {
  const root = mkdtempSync(join(tmpdir(), 'comment-links-'));
  mkdirSync(join(root, 'docs/product'), { recursive: true });
  writeFileSync(
    join(root, 'docs/product/wizard.md'),
    '# Credit application\n\n## Validation\n\n### Review and submit\n\n## `TRUST_PROXY` behind a [proxy](x.md)\n\n## Validation\n',
  );
  writeFileSync(join(root, 'README.md'), '# The app\n\n## Run it\n');
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('slugs headings as GitHub and remark-validate-links do, numbering repeats', () => {
    expect([...headingAnchors('# A title\n\n## Client addresses (`TRUST_PROXY`)\n\n## A title\n')]).toEqual([
      'a-title',
      'client-addresses-trust_proxy',
      'a-title-1',
    ]);
  });

  it('finds rooted, relative and README references in comments, and none in bare file names', () => {
    const text = [
      '// The rule (docs/product/wizard.md#validation) and its screen (docs/product/wizard.md).',
      '/* See ../README.md#run-it, not messages.md. */',
    ].join('\n');
    expect(findReferences('server/src/x.ts', text)).toEqual([
      { file: 'server/src/x.ts', line: 1, target: 'docs/product/wizard.md', anchor: 'validation' },
      { file: 'server/src/x.ts', line: 1, target: 'docs/product/wizard.md', anchor: undefined },
      { file: 'server/src/x.ts', line: 2, target: 'server/README.md', anchor: 'run-it' },
    ]);
  });

  it('reads only inline code in Markdown, outside fenced blocks, since remark checks its links', () => {
    const text = 'See [a link](docs/gone.md#x) and `docs/product/wizard.md#validation`.\n\n```sh\ncat docs/gone.md\n```\n';
    expect(findReferences('docs/a.md', text).map((reference) => reference.target)).toEqual(['docs/product/wizard.md']);
  });

  it('reports a missing file and a heading that moved, and passes the rest', () => {
    const references = findReferences(
      'web/src/y.tsx',
      [
        '// docs/product/wizard.md#validation and #validation-1, docs/product/wizard.md#review-and-submit',
        '// docs/product/wizard.md#trust_proxy-behind-a-proxy and README.md#run-it',
        '// docs/product.md#validation moved; docs/product/wizard.md#income never was',
      ].join('\n'),
    );
    expect(checkReferences(root, references).map(({ line, message }) => `${line}: ${message}`)).toEqual([
      '3: no file docs/product.md',
      '3: no heading #income in docs/product/wizard.md',
    ]);
  });
});
