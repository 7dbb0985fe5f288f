import { createStore } from 'jotai';
import { beforeEach, describe, expect, it, vi } from 'vitest';

/** A page load: the module (and its atoms) evaluated afresh, reading sessionStorage. */
async function load() {
  vi.resetModules();
  return import('./application-draft.ts');
}

beforeEach(() => sessionStorage.clear());

describe('the application draft', () => {
  it('starts empty, with no car', async () => {
    const { draftAtom } = await load();
    expect(createStore().get(draftAtom)).toEqual({ carId: '', personal: {}, housing: {}, income: {}, driverLicense: {} });
  });

  it('replaces each field and keeps it in sessionStorage across a reload', async () => {
    const { draftAtom, draftCarIdAtom, draftPersonalAtom, draftIncomeAtom, DRAFT_STORAGE_KEY } = await load();
    const store = createStore();
    store.set(draftCarIdAtom, '3f1c0000-0000-4000-8000-000000000000');
    store.set(draftPersonalAtom, { firstName: 'Ann' });
    store.set(draftPersonalAtom, { lastName: 'Lee' });
    store.set(draftIncomeAtom, { monthlyIncome: 4000 });
    const expected = {
      carId: '3f1c0000-0000-4000-8000-000000000000',
      personal: { lastName: 'Lee' },
      housing: {},
      income: { monthlyIncome: 4000 },
      driverLicense: {},
    };
    expect(store.get(draftAtom)).toEqual(expected);
    expect(JSON.parse(sessionStorage.getItem(DRAFT_STORAGE_KEY)!)).toEqual(expected);

    const reloaded = await load();
    expect(createStore().get(reloaded.draftAtom)).toEqual(expected);
  });

  it('resets everything, the deal with it', async () => {
    const { draftAtom, draftCarIdAtom, draftDealAtom, resetDraftAtom, EMPTY_DRAFT } = await load();
    const store = createStore();
    store.set(draftCarIdAtom, 'x');
    store.set(draftDealAtom, { carId: 'x', params: 'deal=cash&zip=75201' });
    store.set(resetDraftAtom);
    expect(store.get(draftAtom)).toEqual(EMPTY_DRAFT);
    expect(store.get(draftDealAtom)).toBeNull();
  });

  it('keeps the deal and its car in sessionStorage across a reload', async () => {
    const { draftDealAtom } = await load();
    createStore().set(draftDealAtom, { carId: '3f1c0000-0000-4000-8000-000000000000', params: 'deal=lease&zip=75201&tier=good' });
    const reloaded = await load();
    expect(createStore().get(reloaded.draftDealAtom)).toEqual({
      carId: '3f1c0000-0000-4000-8000-000000000000',
      params: 'deal=lease&zip=75201&tier=good',
    });
  });

  it('reads a damaged deal as none', async () => {
    sessionStorage.setItem('applicationDeal', JSON.stringify({ carId: 7, params: ['deal=cash'] }));
    const { draftDealAtom } = await load();
    expect(createStore().get(draftDealAtom)).toBeNull();
  });

  it('survives damaged storage', async () => {
    sessionStorage.setItem('applicationDraft', '{not json');
    const first = await load();
    expect(createStore().get(first.draftAtom)).toEqual(first.EMPTY_DRAFT);

    sessionStorage.setItem('applicationDraft', JSON.stringify({ carId: 5, personal: [], income: { a: 1 } }));
    const second = await load();
    expect(createStore().get(second.draftAtom)).toEqual({ ...second.EMPTY_DRAFT, income: { a: 1 } });
    expect(second.toDraft(null)).toEqual(second.EMPTY_DRAFT);
  });
});
