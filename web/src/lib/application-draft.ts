import { atom } from 'jotai';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';

/**
 * The client-side application draft (spec §3): the chosen car plus one object per wizard step.
 * The step objects are typed by the wizard (a later issue); here they are opaque records.
 * Kept in sessionStorage so a reload inside the tab does not lose the applicant's work; never in
 * Telegram CloudStorage (telegram.md: personal financial data stays off Telegram).
 */
export type DraftSection = Record<string, unknown>;

export interface ApplicationDraft {
  carId: string;
  personal: DraftSection;
  housing: DraftSection;
  income: DraftSection;
  driverLicense: DraftSection;
}

export const DRAFT_STORAGE_KEY = 'applicationDraft';

export const EMPTY_DRAFT: ApplicationDraft = Object.freeze({
  carId: '',
  personal: {},
  housing: {},
  income: {},
  driverLicense: {},
});

const isRecord = (value: unknown): value is DraftSection =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whatever sits in storage was written by an older build or by hand: accept only the known shape. */
export function toDraft(value: unknown): ApplicationDraft {
  if (!isRecord(value)) return EMPTY_DRAFT;
  return {
    carId: typeof value.carId === 'string' ? value.carId : '',
    personal: isRecord(value.personal) ? value.personal : {},
    housing: isRecord(value.housing) ? value.housing : {},
    income: isRecord(value.income) ? value.income : {},
    driverLicense: isRecord(value.driverLicense) ? value.driverLicense : {},
  };
}

const jsonStorage = createJSONStorage<ApplicationDraft>(() => sessionStorage);
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

export const draftAtom = atomWithStorage<ApplicationDraft>(DRAFT_STORAGE_KEY, EMPTY_DRAFT, draftStorage, {
  getOnInit: true,
});

function sectionAtom<K extends keyof ApplicationDraft>(key: K) {
  return atom(
    (get) => get(draftAtom)[key],
    (get, set, value: ApplicationDraft[K]) => set(draftAtom, { ...get(draftAtom), [key]: value }),
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
