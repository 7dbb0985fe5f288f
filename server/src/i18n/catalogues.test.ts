import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogues, type Catalogues } from './catalogues.ts';

describe('server-side catalogues', () => {
  let catalogues: Catalogues;
  beforeAll(async () => {
    catalogues = await loadCatalogues();
  });

  it('translates a message id into each language from locales/', () => {
    expect(catalogues.translate('en', 'Staff sign-in')).toBe('Staff sign-in');
    expect(catalogues.translate('uk', 'Staff sign-in')).toBe('Вхід для працівників');
  });

  it('fills placeholders', () => {
    expect(catalogues.translate('en', 'Photo of {car}', { car: '2022 Ford F-150' })).toBe('Photo of 2022 Ford F-150');
  });

  it('falls back to the English text for an id with no translation', () => {
    expect(catalogues.translate('es', 'A sentence no catalogue has')).toBe('A sentence no catalogue has');
  });
});
