import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findImportCycles, repositorySources } from '../../scripts/import-cycles.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('the import cycle check in npm run lint', () => {
  it('reports a cycle made only of type imports', () => {
    const sources = new Map([
      ['/r/domain/contracts/cars.ts', "import type { CarStatus } from '../enums.ts';\nexport interface Car { status: CarStatus }"],
      ['/r/domain/enums.ts', "import type { Car } from './contracts/cars.ts';\nexport type CarStatus = 'available';\nexport type C = Car;"],
    ]);
    expect(findImportCycles(sources)).toEqual([['/r/domain/contracts/cars.ts', '/r/domain/enums.ts']]);
  });

  it('reports a value cycle through three modules', () => {
    const sources = new Map([
      ['/r/a.ts', "import { b } from './b.ts'; export const a = b;"],
      ['/r/b.ts', "import { c } from './c.ts'; export const b = c;"],
      ['/r/c.ts', "export { a as c } from './a.ts';"],
    ]);
    expect(findImportCycles(sources)).toEqual([['/r/a.ts', '/r/b.ts', '/r/c.ts']]);
  });

  it('lets imports that only go one way pass', () => {
    const sources = new Map([
      ['/r/a.ts', "import type { B } from './b.ts'; export type A = B;"],
      ['/r/b.ts', 'export type B = string;'],
    ]);
    expect(findImportCycles(sources)).toEqual([]);
  });

  it('finds no cycle in the repository', () => {
    expect(findImportCycles(repositorySources(root))).toEqual([]);
  });
});
