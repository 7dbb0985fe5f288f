import { atom } from 'jotai';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';
import type { ApplicationDraftInput } from '../../../domain/wizard.schema.ts';

/**
 * The client-side application draft (docs/product/application-wizard.md#drafts): the chosen car plus one object per wizard step, as
 * the wizard's forms hold them before validation (domain's applicationDraftSchema input). Shared
 * client state: the car page puts the chosen car in, the application feature fills the rest.
 * Kept in sessionStorage so a reload inside the tab does not lose the applicant's work; never in
 * Telegram CloudStorage (docs/product/retention.md#privacy-and-retention: personal financial data stays off Telegram).
 */

export const DRAFT_STORAGE_KEY = 'applicationDraft';

export const EMPTY_DRAFT: ApplicationDraftInput = Object.freeze({
  carId: '',
  personal: {},
  housing: {},
  income: {},
  driverLicense: {},
});

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Whatever sits in storage was written by an older build or by hand: accept only the known shape.
 * A step's values are checked by its schema when the step is submitted, not here.
 */
export function toDraft(value: unknown): ApplicationDraftInput {
  if (!isRecord(value)) return EMPTY_DRAFT;
  const section = (key: Exclude<keyof ApplicationDraftInput, 'carId'>) => (isRecord(value[key]) ? value[key] : {});
  return {
    carId: typeof value.carId === 'string' ? value.carId : '',
    personal: section('personal'),
    housing: section('housing'),
    income: section('income'),
    driverLicense: section('driverLicense'),
  };
}

const jsonStorage = createJSONStorage<ApplicationDraftInput>(() => sessionStorage);
const draftStorage: typeof jsonStorage = {
  ...jsonStorage,
  getItem(key, initialValue) {
    try {
      return toDraft(jsonStorage.getItem(key, initialValue));
    } catch {
      return initialValue;
    }
  },
  setItem(key, value) {
    try {
      jsonStorage.setItem(key, value);
    } catch {
      // Storage full or disabled: the draft lives in memory for this visit.
    }
  },
};

export const draftAtom = atomWithStorage<ApplicationDraftInput>(DRAFT_STORAGE_KEY, EMPTY_DRAFT, draftStorage, {
  getOnInit: true,
});

function sectionAtom<K extends keyof ApplicationDraftInput>(key: K) {
  return atom(
    (get) => get(draftAtom)[key],
    (get, set, value: ApplicationDraftInput[K]) => set(draftAtom, { ...get(draftAtom), [key]: value }),
  );
}

/** Writable: the car chosen on /cars/:uuid before going to /application. */
export const draftCarIdAtom = sectionAtom('carId');
export const draftPersonalAtom = sectionAtom('personal');
export const draftHousingAtom = sectionAtom('housing');
export const draftIncomeAtom = sectionAtom('income');
export const draftDriverLicenseAtom = sectionAtom('driverLicense');

/** Back to the initial empty draft (after submitting, or when the applicant starts over). */
export const resetDraftAtom = atom(null, (_get, set) => set(draftAtom, EMPTY_DRAFT));
