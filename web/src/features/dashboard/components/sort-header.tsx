interface SortHeaderProps {
  label: string;
  field: string;
  sortBy: string;
  sortOrder: 'asc' | 'desc';
  onSort: (field: string) => void;
}

/** A column header that sorts when clicked (or Enter/Space), announcing its order through aria-sort. */
export function SortHeader({ label, field, sortBy, sortOrder, onSort }: SortHeaderProps) {
  const active = sortBy === field;
  const order = active ? (sortOrder === 'asc' ? 'ascending' : 'descending') : 'none';
  return (
    <th scope="col" aria-sort={order}>
      <button type="button" className="sort-header" onClick={() => onSort(field)}>
        {label}
        <span aria-hidden="true" className="sort-header__arrow">
          {active ? (sortOrder === 'asc' ? '▲' : '▼') : '↕'}
        </span>
      </button>
    </th>
  );
}
