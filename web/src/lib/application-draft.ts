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

/** This tab's sessionStorage as JSON, each value read through `toValue`, which accepts only its known shape. */
function tabStorage<T>(toValue: (value: unknown) => T) {
  const jsonStorage = createJSONStorage<T>(() => sessionStorage);
  const storage: typeof jsonStorage = {
    ...jsonStorage,
    getItem(key, initialValue) {
      try {
        return toValue(jsonStorage.getItem(key, initialValue));
      } catch {
        return initialValue;
      }
    },
    setItem(key, value) {
      try {
        jsonStorage.setItem(key, value);
      } catch {
        // Storage full or disabled: the value lives in memory for this visit.
      }
    },
  };
  return storage;
}

export const draftAtom = atomWithStorage<ApplicationDraftInput>(DRAFT_STORAGE_KEY, EMPTY_DRAFT, tabStorage(toDraft), {
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

export const DEAL_STORAGE_KEY = 'applicationDeal';

/**
 * The deal the applicant applies with (docs/product/deal-builder.md#the-deal-in-the-application):
 * the car page's deal parameters (`params`, as web/src/lib/deals/deal-choice.ts writes them) and the
 * car they were priced for. Beside the draft in this tab only: the server's draft holds the answers,
 * and a deal is priced again whenever it is shown.
 */
export interface DraftDeal {
  carId: string;
  params: string;
}

function toDraftDeal(value: unknown): DraftDeal | null {
  if (!isRecord(value) || typeof value.carId !== 'string' || typeof value.params !== 'string' || value.carId === '') return null;
  return { carId: value.carId, params: value.params };
}

export const draftDealAtom = atomWithStorage<DraftDeal | null>(DEAL_STORAGE_KEY, null, tabStorage(toDraftDeal), { getOnInit: true });

/** Back to the initial empty draft, without a deal (after submitting, or when the applicant starts over). */
export const resetDraftAtom = atom(null, (_get, set) => {
  set(draftAtom, EMPTY_DRAFT);
  set(draftDealAtom, null);
});
