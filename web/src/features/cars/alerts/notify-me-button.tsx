import { useLingui } from '@lingui/react';
import { Button } from '@telegram-apps/telegram-ui';
import { MAX_SAVED_SEARCHES } from '../../../../../domain/alerts.ts';
import type { SavedSearchFilters } from '../../../../../domain/cars.ts';
import { toast } from '../../../components/toasts.tsx';
import { useHost } from '../../../host/index.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useSaveSearch } from '../api/save-search.ts';
import type { CarListFilters } from '../car-list.ts';

/** The list's filters that say which cars; sort and availability only say how to show them. */
const searchFilters = ({ sort: _sort, available: _available, ...filters }: CarListFilters): SavedSearchFilters => filters;

/**
 * "Notify me" on the catalogue (docs/decisions/019-telegram-alerts.md): saves the filters in force
 * as a search, and the bot writes when a new car matches. Only inside Telegram, where the bot can
 * write to the shopper; the web's Favourites screen explains alerts instead.
 */
export function NotifyMeButton({ filters }: { filters: CarListFilters }) {
  const { i18n } = useLingui();
  const host = useHost();
  const save = useSaveSearch();
  if (host.kind !== 'telegram') return null;

  const notify = () =>
    save.mutate(searchFilters(filters), {
      onSuccess: () => toast(i18n._('Saved. We will message you here when a matching car arrives.')),
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409)
          toast.error(
            i18n._('You keep {count} saved searches already: remove one on the Favourites screen first.', { count: MAX_SAVED_SEARCHES }),
          );
        else if (error instanceof ApiError && error.status === 400)
          toast.error(i18n._('No car could match these filters: a lowest value is above a highest one.'));
        else toast.error(i18n._('Could not save the search. Please try again.'));
      },
    });

  return (
    <Button type="button" mode="bezeled" size="s" className="notify-me" loading={save.isPending} onClick={notify}>
      {i18n._('Notify me')}
    </Button>
  );
}
