import { useAtomValue } from 'jotai';
import { useSyncExternalStore } from 'react';
import type { ApplicationDraftInput } from '../../../../domain/wizard.schema.ts';
import { draftAtom } from '../../lib/application-draft.ts';

const never = () => () => {};

/**
 * This tab's draft as the wizard's screens show it, or null while React hydrates the server's
 * markup of /application (docs/decisions/021-server-rendered-public-pages.md): the server renders
 * without the tab's sessionStorage, so that first render must not show the draft either; the one
 * right after hydration does. A page the browser renders alone has the tab's draft at once.
 */
export function useTabDraft(): ApplicationDraftInput | null {
  const stored = useAtomValue(draftAtom);
  const hydrating = useSyncExternalStore(
    never,
    () => false,
    () => true,
  );
  return hydrating ? null : stored;
}
