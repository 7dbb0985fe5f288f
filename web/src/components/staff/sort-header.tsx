type Order = 'asc' | 'desc';

interface SortState {
  sortBy: string;
  sortOrder: Order;
  /** `firstOrder` is the order a first click on this column asks for. */
  onSort: (field: string, firstOrder: Order) => void;
}

export interface SortField {
  label: string;
  field: string;
  /** Text sorts A to Z first; dates newest first. */
  firstOrder?: Order;
}

/** One sort control: its label, and an arrow for the order it is sorted in (or ↕ when it is not the sort). */
export function SortButton({ label, field, firstOrder = 'asc', sortBy, sortOrder, onSort }: SortField & SortState) {
  const active = sortBy === field;
  return (
    <button type="button" className="sort-header" onClick={() => onSort(field, firstOrder)}>
      {label}
      <span aria-hidden="true" className="sort-header__arrow">
        {active ? (sortOrder === 'asc' ? '▲' : '▼') : '↕'}
      </span>
    </button>
  );
}

/**
 * A column header that sorts when clicked (or Enter/Space), announcing its order through aria-sort.
 * A column that shows two values (name and username, the two dates) has a sort control for each;
 * `text` names a value in it that does not sort.
 */
export function SortHeader({ fields, text, sortBy, sortOrder, onSort }: { fields: SortField[]; text?: string } & SortState) {
  const active = fields.some(({ field }) => field === sortBy);
  const order = active ? (sortOrder === 'asc' ? 'ascending' : 'descending') : 'none';
  return (
    <th scope="col" aria-sort={order}>
      <span className="sort-header__group">
        {text ? <span className="sort-header__text">{text}</span> : null}
        {fields.map((field) => (
          <SortButton key={field.field} {...field} sortBy={sortBy} sortOrder={sortOrder} onSort={onSort} />
        ))}
      </span>
    </th>
  );
}
