import { useLingui } from '@lingui/react';
import { listingStateLabels, type CarListingState } from '../../../../domain/enums.ts';
import type { ListingState } from '../../../../domain/inventory.schema.ts';
import { ConfirmDialog } from '../../components/staff/confirm-dialog.tsx';
import { CheckIcon, EditIcon, HourglassIcon, TagIcon, TrashIcon } from '../../components/staff/icons.tsx';

const ICONS: Record<CarListingState, () => React.JSX.Element> = {
  draft: EditIcon,
  available: CheckIcon,
  pending: HourglassIcon,
  sold: TagIcon,
  archived: TrashIcon,
};

/** A car's listing state: its name with an icon, never a colour alone. */
export function ListingStateBadge({ state }: { state: CarListingState }) {
  const { i18n } = useLingui();
  const Icon = ICONS[state];
  return (
    <span className={`listing-state listing-state--${state}`}>
      <Icon />
      {i18n._(listingStateLabels[state])}
    </span>
  );
}

/** The states a row's menu moves a car to at once; draft is set on the car's page. */
export const QUICK_STATES = ['available', 'pending', 'sold'] as const satisfies readonly ListingState[];
export type QuickState = (typeof QUICK_STATES)[number];

/** "Mark as available" and its kin: each names the state it sets. */
export const QUICK_STATE_ACTIONS: Record<QuickState, string> = {
  available: 'Mark as available',
  pending: 'Mark as sale pending',
  sold: 'Mark as sold',
};

/** What the public sees after the change (docs/product/catalogue.md#catalogue), said before it is made. */
const CONSEQUENCES: Record<QuickState, string> = {
  available: '{car} will show in the catalogue, and visitors can apply for it.',
  pending: '{car} will stay in the catalogue with a Sale pending badge, and no one can apply for it.',
  sold: '{car} will leave the catalogue list. Its page stays and says it has been sold.',
};

const TITLES: Record<QuickState, string> = {
  available: 'Mark this car as available?',
  pending: 'Mark this car as sale pending?',
  sold: 'Mark this car as sold?',
};

interface StateChangeDialogProps {
  /** The car and the state asked for, or null when closed. */
  change: { title: string; state: QuickState } | null;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * A state change is picked from the menu, then confirmed (decision 014): the public catalogue
 * follows at once, so a slip of the mouse must not sell a car.
 */
export function StateChangeDialog({ change, busy, onConfirm, onClose }: StateChangeDialogProps) {
  const { i18n } = useLingui();
  return (
    <ConfirmDialog
      open={change !== null}
      title={change ? i18n._(TITLES[change.state]) : ''}
      message={change ? i18n._(CONSEQUENCES[change.state], { car: change.title }) : ''}
      confirmLabel={change ? i18n._(QUICK_STATE_ACTIONS[change.state]) : ''}
      busy={busy}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
