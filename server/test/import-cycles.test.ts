import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  featureDependencyExists,
  findFeatureCycles,
  findImportCycles,
  repositorySources,
  SERVER_FEATURES,
} from '../../scripts/import-cycles.ts';

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

describe('the server feature cycle check in npm run lint', () => {
  const features = '/r/server/src';

  it('reports two features that import each other through different files, with no file cycle', () => {
    const sources = new Map([
      ['/r/server/src/notices/notices.routes.ts', "import { noticePdf } from '../pdf/notice.service.ts';"],
      ['/r/server/src/pdf/notice.service.ts', "import { findNotice } from '../notices/notices.repository.ts';"],
      ['/r/server/src/notices/notices.repository.ts', 'export const findNotice = 1;'],
    ]);
    expect(findImportCycles(sources)).toEqual([]);
    expect(findFeatureCycles(sources, features)).toEqual([
      {
        features: ['notices', 'pdf'],
        imports: ['notices/notices.routes.ts imports pdf/notice.service.ts', 'pdf/notice.service.ts imports notices/notices.repository.ts'],
      },
    ]);
  });

  it('reports a cycle through three features, type imports included', () => {
    const sources = new Map([
      ['/r/server/src/a/a.service.ts', "import type { B } from '../b/b.service.ts';"],
      ['/r/server/src/b/b.service.ts', "import { c } from '../c/c.repository.ts';"],
      ['/r/server/src/c/c.repository.ts', "import type { A } from '../a/a.service.ts';"],
    ]);
    expect(findFeatureCycles(sources, features).map((cycle) => cycle.features)).toEqual([['a', 'b', 'c']]);
  });

  it('lets a feature use another one way, and modules outside the features (the composition root) use any', () => {
    const sources = new Map([
      ['/r/server/src/adverse-action/adverse-action.service.ts', "import type { PdfRenderer } from '../pdf/pdf-renderer.service.ts';"],
      ['/r/server/src/pdf/pdf-renderer.service.ts', "import { HttpError } from '../http/errors.ts';"],
      ['/r/server/src/runtime.ts', "import '../adverse-action/adverse-action.service.ts'; import '../pdf/pdf-renderer.service.ts';"],
      ['/r/server/src/pdf/pdf.test.ts', "import { adverseActionNoticePdf } from '../adverse-action/adverse-action.service.ts';"],
    ]);
    expect(findFeatureCycles(sources, features)).toEqual([]);
  });

  it('tells whether one feature imports another', () => {
    const sources = new Map([
      ['/r/server/src/applications/guest-merge.service.ts', "import { lockGuest } from '../users/guests.repository.ts';"],
      ['/r/server/src/applications/guest-merge.test.ts', "import { moveFavoritesToUser } from '../favorites/favorites.repository.ts';"],
    ]);
    expect(featureDependencyExists(sources, features, ['applications', 'users'])).toBe(true);
    expect(featureDependencyExists(sources, features, ['applications', 'favorites'])).toBe(false);
  });

  it('finds no cycle between the server features', () => {
    const sources = repositorySources(root);
    expect(findFeatureCycles(sources, `${root}${SERVER_FEATURES}`)).toEqual([]);
  });

  it('has the adverse-action feature use the PDF renderer, and the PDF feature use no other feature', () => {
    const sources = repositorySources(root);
    const featuresRoot = `${root}${SERVER_FEATURES}`;
    expect(featureDependencyExists(sources, featuresRoot, ['adverse-action', 'pdf'])).toBe(true);
    const others = [...sources.keys()]
      .filter((path) => path.startsWith(`${featuresRoot}/`))
      .map((path) => path.slice(featuresRoot.length + 1).split('/')[0]!)
      .filter((feature, index, all) => feature !== 'pdf' && !['http', 'i18n'].includes(feature) && all.indexOf(feature) === index);
    expect(others.filter((feature) => featureDependencyExists(sources, featuresRoot, ['pdf', feature]))).toEqual([]);
  });
});
