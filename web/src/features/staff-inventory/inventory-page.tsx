import { useLingui } from '@lingui/react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { InventoryListItem } from '../../../../domain/contracts/inventory.ts';
import { toast } from '../../components/toasts.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { exportInventory } from './api/export-inventory.ts';
import { useInventory } from './api/get-inventory.ts';
import { useUpdateInventoryCar } from './api/update-inventory-car.ts';
import { DownloadIcon, PlusIcon, TagIcon, UploadIcon } from '../../components/staff/icons.tsx';
import { ListState } from '../../components/list-state.tsx';
import { Pager } from '../../components/staff/pager.tsx';
import { InventoryFilters } from './inventory-filters.tsx';
import { carTitle } from '../../../../domain/cars.ts';
import { useInventoryParams } from './inventory-params.ts';
import { InventoryTable } from './inventory-table.tsx';
import { StateChangeDialog, type QuickState } from './listing-state.tsx';
import './inventory.css';

/**
 * The dealer's stock (docs/product/inventory.md#inventory): search, filters, sort and page in the URL; quick
 * state changes with a confirmation; add a car, import a stock file, export the whole inventory, see the ads feeds.
 */
export function InventoryPage() {
  const { i18n } = useLingui();
  usePageTitle(i18n._('Inventory'));
  const list = useInventoryParams();
  const cars = useInventory(list.query);
  const update = useUpdateInventoryCar();
  const [changing, setChanging] = useState<{ car: InventoryListItem; state: QuickState } | null>(null);
  const [exporting, setExporting] = useState(false);
  const filtered = Object.values(list.filters).some((value) => value.trim() !== '');

  const changeState = () => {
    if (!changing) return;
    const { car, state } = changing;
    update.mutate(
      { uuid: car.uuid, patch: { listingState: state }, version: car.version },
      {
        onSuccess: () => toast.success(i18n._('Listing state changed.')),
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'stale_version') {
            toast.error(i18n._('Someone else changed this car meanwhile. The list shows it as it is now: try again if you still want to.'));
            void cars.refetch();
          } else {
            toast.error(i18n._('The listing state could not be changed. Please try again.'));
          }
        },
        onSettled: () => setChanging(null),
      },
    );
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      await exportInventory(new Date().toISOString().slice(0, 10));
    } catch {
      toast.error(i18n._('The inventory could not be exported. Please try again.'));
    } finally {
      setExporting(false);
    }
  };

  return (
    <section aria-labelledby="inventory-title">
      <div className="section-heading">
        <h2 id="inventory-title">{i18n._('Inventory')}</h2>
        <div className="inventory__actions">
          <Link className="button button--primary" to="/dashboard/inventory/new">
            <PlusIcon />
            {i18n._('Add car')}
          </Link>
          <Link className="button button--secondary" to="/dashboard/inventory/import">
            <UploadIcon />
            {i18n._('Import stock file')}
          </Link>
          <button
            type="button"
            className="button button--secondary"
            aria-busy={exporting || undefined}
            disabled={exporting}
            onClick={() => void exportCsv()}
          >
            <DownloadIcon />
            {i18n._('Export CSV')}
          </button>
          <Link className="button button--secondary" to="/dashboard/inventory/feeds">
            <TagIcon />
            {i18n._('Ads feeds')}
          </Link>
        </div>
      </div>
      <InventoryFilters filters={list.filters} onApply={list.setFilters} />
      <ListState
        query={cars}
        isEmpty={(page) => page.items.length === 0}
        empty={filtered ? i18n._('No cars match these filters.') : <FirstCar />}
      >
        {(page) => (
          <>
            <InventoryTable
              cars={page.items}
              sort={list.sort}
              onSort={list.setSort}
              onChangeState={(car, state) => setChanging({ car, state })}
            />
            <Pager page={list.page} totalPages={page.totalPages} total={page.total} onPage={list.setPage} />
          </>
        )}
      </ListState>
      <StateChangeDialog
        change={changing ? { title: `${carTitle(changing.car)} (${changing.car.stockNumber})`, state: changing.state } : null}
        busy={update.isPending}
        onConfirm={changeState}
        onClose={() => setChanging(null)}
      />
    </section>
  );
}

/** An inventory with no cars yet: the two ways a first car arrives, rather than a filter's "no match". */
function FirstCar() {
  const { i18n } = useLingui();
  return (
    <div className="inventory__empty">
      <p>
        <strong>{i18n._('No cars in the inventory yet.')}</strong>
      </p>
      <p>{i18n._('Add the first car by hand, or import the stock file (CSV) your dealer management system exports.')}</p>
      <div className="inventory__actions">
        <Link className="button button--primary" to="/dashboard/inventory/new">
          <PlusIcon />
          {i18n._('Add car')}
        </Link>
        <Link className="button button--secondary" to="/dashboard/inventory/import">
          <UploadIcon />
          {i18n._('Import stock file')}
        </Link>
      </div>
    </div>
  );
}
