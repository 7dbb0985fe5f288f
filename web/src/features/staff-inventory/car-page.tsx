import { useLingui } from '@lingui/react';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import type { InventoryCar } from '../../../../domain/contracts/inventory.ts';
import { toast } from '../../components/toasts.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { useDeleteInventoryCar } from './api/delete-inventory-car.ts';
import { useInventoryCar } from './api/get-inventory-car.ts';
import { ActionButton } from '../../components/staff/action-button.tsx';
import { ConfirmDialog } from '../../components/staff/confirm-dialog.tsx';
import { TrashIcon } from '../../components/staff/icons.tsx';
import { ListError, ListLoading } from '../../components/list-state.tsx';
import { CarForm } from './car-form.tsx';
import { carTitle } from '../../../../domain/cars.ts';
import { useInventoryFormat } from './inventory-format.ts';
import { ListingStateBadge } from './listing-state.tsx';
import { PhotoFetchList } from './photo-fetches.tsx';
import { PhotoManager } from './photo-manager.tsx';
import './inventory.css';

/** Back to the inventory list as it was left (filters, sort, page), when we came from it. */
function useListPath(): string {
  const { state } = useLocation() as { state: { list?: unknown } | null };
  return typeof state?.list === 'string' && state.list.startsWith('?') ? `/dashboard/inventory${state.list}` : '/dashboard/inventory';
}

function BackToList() {
  const { i18n } = useLingui();
  return (
    <p>
      <Link to={useListPath()}>← {i18n._('Back to the inventory')}</Link>
    </p>
  );
}

/** `/dashboard/inventory/new`: every write field; once saved, the car's page opens for its photos. */
export function NewCarPage() {
  const { i18n } = useLingui();
  usePageTitle(i18n._('Add car'));
  return (
    <section aria-labelledby="car-title" className="car-page">
      <BackToList />
      <h2 id="car-title">{i18n._('Add car')}</h2>
      <p className="edit-field__hint">
        {i18n._('A new car is a draft until you choose another listing state. Photos are added once it is saved.')}
      </p>
      <CarForm car={null} />
    </section>
  );
}

function CarSummary({ car }: { car: InventoryCar }) {
  const { i18n } = useLingui();
  const format = useInventoryFormat();
  return (
    <p className="car-page__summary">
      <ListingStateBadge state={car.listingState} />
      <span>{i18n._('{days} days in stock', { days: format.number(car.daysInStock) })}</span>
      <span>{i18n._('{views} views', { views: format.number(car.counts.views) })}</span>
      <span>{i18n._('{favorites} in favourites', { favorites: format.number(car.counts.favorites) })}</span>
      <span>{i18n._('{applications} applications', { applications: format.number(car.counts.applications) })}</span>
    </p>
  );
}

/** Delete a car; the server archives instead when an application or a favourite refers to it, and says so. */
function DeleteCar({ car, title }: { car: InventoryCar; title: string }) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const listPath = useListPath();
  const remove = useDeleteInventoryCar();
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="car-page__delete">
      <ActionButton icon={<TrashIcon />} label={i18n._('Delete car')} variant="danger" onClick={() => setConfirming(true)} />
      <ConfirmDialog
        open={confirming}
        title={i18n._('Delete {car}?', { car: title })}
        message={i18n._(
          'A car nothing refers to is deleted for good, with its photos. A car with applications, favourites or visits is archived instead: it leaves the catalogue and this list, its history stays readable, and shoppers booked to see it are told it is gone.',
        )}
        confirmLabel={i18n._('Delete car')}
        danger
        busy={remove.isPending}
        onConfirm={() =>
          remove.mutate(car.uuid, {
            onSuccess: (answer) => {
              toast.success(
                answer
                  ? i18n._('The car was archived, not deleted: applications, favourites or visits refer to it.')
                  : i18n._('Car deleted.'),
              );
              setConfirming(false);
              void navigate(listPath);
            },
            onError: () => {
              toast.error(i18n._('The car could not be deleted. Please try again.'));
              setConfirming(false);
            },
          })
        }
        onClose={() => setConfirming(false)}
      />
    </div>
  );
}

/** `/dashboard/inventory/{uuid}`: the car's fields, its photos, and Delete. */
export function CarPage() {
  const { i18n } = useLingui();
  const { uuid = '' } = useParams();
  const car = useInventoryCar(uuid);
  const title = car.data ? carTitle(car.data) : i18n._('Car');
  usePageTitle(title);
  if (car.isPending) return <ListLoading />;
  if (car.isError && car.error instanceof ApiError && car.error.status === 404) {
    return (
      <section className="car-page">
        <BackToList />
        <p className="notice">{i18n._('This car is not in the inventory: it may have been deleted.')}</p>
      </section>
    );
  }
  if (car.isError) return <ListError error={car.error} onRetry={() => void car.refetch()} />;
  return (
    <section aria-labelledby="car-title" className="car-page">
      <BackToList />
      <div className="section-heading">
        <h2 id="car-title">{title}</h2>
        <DeleteCar car={car.data} title={title} />
      </div>
      <CarSummary car={car.data} />
      <PhotoManager car={car.data} />
      {car.data.photoFetches.length > 0 ? (
        <>
          <h3>{i18n._('Photos from the stock file')}</h3>
          <PhotoFetchList fetches={car.data.photoFetches} />
        </>
      ) : null}
      <h3>{i18n._('Details')}</h3>
      <CarForm car={car.data} />
    </section>
  );
}
