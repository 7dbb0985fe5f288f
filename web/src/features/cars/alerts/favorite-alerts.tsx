import { useLingui } from '@lingui/react';
import { Button, Switch } from '@telegram-apps/telegram-ui';
import { useId } from 'react';
import { DAILY_ALERT_CAP } from '../../../../../domain/alerts.ts';
import { FAVORITES_PARAM, miniAppUrl } from '../../../../../domain/start-links.ts';
import { useHost } from '../../../host/index.ts';
import { useSite } from '../../../lib/api/get-site.ts';
import { useDeleteSavedSearch } from '../api/delete-saved-search.ts';
import { useFavoriteAlerts } from '../api/get-favorite-alerts.ts';
import { useSavedSearches } from '../api/get-saved-searches.ts';
import { useSetFavoriteAlerts } from '../api/set-favorite-alerts.ts';
import { useSearchSummary } from './search-summary.ts';

/**
 * Alerts on the Favourites screen (docs/decisions/019-telegram-alerts.md): inside Telegram the
 * switch for favourites and the saved searches; on the web, what alerts are and a link that opens
 * this screen in the mini app, since only the bot can deliver them.
 */
export function FavoriteAlerts() {
  const host = useHost();
  return host.kind === 'telegram' ? <TelegramAlerts /> : <AlertsForWebVisitors />;
}

function AlertsForWebVisitors() {
  const { i18n } = useLingui();
  const id = useId();
  const botUsername = useSite().data?.botUsername ?? null;
  return (
    <section aria-labelledby={`${id}-title`} className="favorites-page__section favorite-alerts">
      <h2 id={`${id}-title`}>{i18n._('Alerts in Telegram')}</h2>
      <p>
        {i18n._(
          'In our Telegram app we can message you when a favourite gets cheaper, is sold or is available again, and when a car you are looking for arrives.',
        )}
      </p>
      {botUsername ? (
        <a className="button button--primary" href={miniAppUrl(botUsername, FAVORITES_PARAM)} target="_blank" rel="noopener noreferrer">
          {i18n._('Open Favourites in Telegram')}
        </a>
      ) : null}
    </section>
  );
}

function TelegramAlerts() {
  const { i18n } = useLingui();
  const id = useId();
  const alerts = useFavoriteAlerts();
  const setAlerts = useSetFavoriteAlerts();
  const searches = useSavedSearches();
  const remove = useDeleteSavedSearch();
  const summary = useSearchSummary();
  const items = searches.data?.items ?? [];

  return (
    <section aria-labelledby={`${id}-title`} className="favorites-page__section favorite-alerts">
      <h2 id={`${id}-title`}>{i18n._('Alerts in Telegram')}</h2>
      <div className="filter-switch">
        <label id={`${id}-switch-label`} htmlFor={`${id}-switch`} className="filter-field__label">
          {i18n._('Message me when a favourite gets cheaper, is sold or is available again')}
        </label>
        <Switch
          id={`${id}-switch`}
          aria-labelledby={`${id}-switch-label`}
          role="switch"
          checked={alerts.data?.enabled ?? false}
          disabled={!alerts.data}
          onChange={(event) => setAlerts.mutate(event.target.checked)}
        />
      </div>
      <p className="favorite-alerts__limits">
        {i18n._('At most {count} messages a day, and one a day about any car. Every message has a button to stop them.', {
          count: DAILY_ALERT_CAP,
        })}
      </p>
      <h3>{i18n._('Saved searches')}</h3>
      {searches.data && items.length === 0 ? (
        <p>{i18n._('None yet. Filter the catalogue and press Notify me to hear of new cars that match.')}</p>
      ) : (
        <ul className="favorite-alerts__searches">
          {items.map((search) => {
            const words = summary(search.filters);
            return (
              <li key={search.id}>
                <span>{words}</span>
                <Button
                  type="button"
                  mode="plain"
                  size="s"
                  aria-label={i18n._('Remove saved search: {search}', { search: words })}
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(search.id)}
                >
                  {i18n._('Remove search')}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
