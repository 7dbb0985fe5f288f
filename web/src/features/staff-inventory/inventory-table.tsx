import { useLingui } from '@lingui/react';
import { Link, useLocation } from 'react-router';
import type { InventoryListItem } from '../../../../domain/contracts/inventory.ts';
import type { InventorySort } from '../../../../domain/inventory.schema.ts';
import { ActionButton } from '../../components/staff/action-button.tsx';
import { CheckIcon, EditIcon, HourglassIcon, TagIcon } from '../../components/staff/icons.tsx';
import { RowMenu } from '../../components/staff/row-menu.tsx';
import { SortHeader } from '../../components/staff/sort-header.tsx';
import { TableScroll } from '../../components/staff/table-scroll.tsx';
import { carTitle } from '../../../../domain/cars.ts';
import { useInventoryFormat } from './inventory-format.ts';
import { nextSort, splitSort } from './inventory-params.ts';
import { ListingStateBadge, QUICK_STATE_ACTIONS, QUICK_STATES, type QuickState } from './listing-state.tsx';

const STATE_ICONS = { available: CheckIcon, pending: HourglassIcon, sold: TagIcon } as const;

interface InventoryTableProps {
  cars: InventoryListItem[];
  sort: InventorySort;
  onSort: (sort: InventorySort) => void;
  onChangeState: (car: InventoryListItem, state: QuickState) => void;
}

/**
 * The staff inventory: cover, the car (title with stock number and VIN beneath it), price with
 * mileage, days in stock, state, views with favourites, and a row menu. Related values share a
 * column, each still sortable from its header, so the table fits its box at 700 px (decision 014).
 */
export function InventoryTable({ cars, sort, onSort, onChangeState }: InventoryTableProps) {
  const { i18n } = useLingui();
  const { search } = useLocation();
  const format = useInventoryFormat();
  const { field, order } = splitSort(sort);
  const headers = {
    sortBy: field,
    sortOrder: order,
    onSort: (column: string, first: 'asc' | 'desc') => onSort(nextSort(sort, column, first)),
  };
  return (
    <TableScroll label={i18n._('Inventory')}>
      <table className="data-table inventory-table">
        <thead>
          <tr>
            <th scope="col">{i18n._('Photo')}</th>
            <SortHeader {...headers} text={i18n._('Car')} fields={[{ label: i18n._('Year'), field: 'year', firstOrder: 'desc' }]} />
            <SortHeader {...headers} text={i18n._('Mileage')} fields={[{ label: i18n._('Price'), field: 'price' }]} />
            <SortHeader {...headers} fields={[{ label: i18n._('Days in stock'), field: 'days' }]} />
            <th scope="col">{i18n._('Listing state')}</th>
            <SortHeader
              {...headers}
              fields={[
                { label: i18n._('Views'), field: 'views', firstOrder: 'desc' },
                { label: i18n._('Favourites'), field: 'favorites', firstOrder: 'desc' },
              ]}
            />
            <th scope="col">{i18n._('Actions')}</th>
          </tr>
        </thead>
        <tbody>
          {cars.map((car) => {
            const title = carTitle(car);
            return (
              <tr key={car.uuid}>
                <td className="inventory-table__photo">
                  {car.cover ? (
                    <img src={car.cover.url} alt="" width={96} height={72} loading="lazy" />
                  ) : (
                    <span className="inventory-table__no-photo">{i18n._('No photo')}</span>
                  )}
                </td>
                <th scope="row">
                  <Link className="cell-main" to={`/dashboard/inventory/${car.uuid}`} state={{ list: search }}>
                    {title}
                  </Link>
                  <span className="cell-line">
                    <span className="cell-caption">{i18n._('Stock')}</span> {car.stockNumber}
                  </span>
                  <span className="cell-line inventory-table__vin">
                    <span className="cell-caption">{i18n._('VIN')}</span> {car.vin}
                  </span>
                </th>
                <td>
                  <span className="cell-line nowrap">{format.price(car.price)}</span>
                  <span className="cell-line nowrap">{format.mileage(car.mileage)}</span>
                </td>
                <td className="nowrap">{format.number(car.daysInStock)}</td>
                <td>
                  <ListingStateBadge state={car.listingState} />
                </td>
                <td>
                  <span className="cell-line nowrap">
                    <span className="cell-caption">{i18n._('Views')}</span> {format.number(car.views)}
                  </span>
                  <span className="cell-line nowrap">
                    <span className="cell-caption">{i18n._('Favourites')}</span> {format.number(car.favorites)}
                  </span>
                </td>
                <td className="data-table__actions">
                  <RowMenu label={i18n._('Actions for {name}', { name: `${title} (${car.stockNumber})` })}>
                    <Link
                      className="action-button action-button--secondary"
                      to={`/dashboard/inventory/${car.uuid}`}
                      state={{ list: search }}
                    >
                      <EditIcon />
                      <span className="action-button__label">{i18n._('Edit')}</span>
                    </Link>
                    {QUICK_STATES.map((state) => {
                      const Icon = STATE_ICONS[state];
                      return (
                        <ActionButton
                          key={state}
                          icon={<Icon />}
                          label={i18n._(QUICK_STATE_ACTIONS[state])}
                          disabledReason={car.listingState === state ? i18n._('The car is already in this state') : undefined}
                          onClick={() => onChangeState(car, state)}
                        />
                      );
                    })}
                  </RowMenu>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}
