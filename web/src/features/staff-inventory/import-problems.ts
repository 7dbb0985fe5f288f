import type { I18n } from '@lingui/core';
import type { IgnoredColumnDetail, ImportProblem } from '../../../../domain/contracts/inventory-import.ts';
import { LISTING_STATES } from '../../../../domain/inventory.schema.ts';
import { serverText } from '../../lib/i18n.ts';

/**
 * A stock file problem in the reader's language, from its code and values; the server's `message`
 * is English for API consumers. A value problem is the write schema's fixed message, translated as it is.
 */
export function importProblemText(i18n: I18n, problem: ImportProblem): string {
  switch (problem.code) {
    case 'duplicate_vin': {
      const { vin, rows } = problem.params;
      const values = { vin, rows: rows.join(', ') };
      return rows.length === 1 ? i18n._('VIN {vin} is also on row {rows}.', values) : i18n._('VIN {vin} is also on rows {rows}.', values);
    }
    case 'duplicate_stock_number': {
      const { stockNumber, rows } = problem.params;
      const values = { stockNumber, rows: rows.join(', ') };
      return rows.length === 1
        ? i18n._('Stock number {stockNumber} is also on row {rows}.', values)
        : i18n._('Stock number {stockNumber} is also on rows {rows}.', values);
    }
    case 'stock_number_of_another_car':
      return i18n._('Stock number {stockNumber} belongs to another car: {car}, VIN {vin}.', problem.params);
    case 'stock_number_of_car_with_another_vin':
      return i18n._(
        'Stock number {stockNumber} belongs to a car with another VIN: {car}, VIN {vin}. Correct the VIN or the stock number.',
        problem.params,
      );
    case 'archived_car':
      return i18n._('This car (stock number {stockNumber}) is archived; restore it in the dashboard first.', problem.params);
    case 'row_too_long': {
      const { delimiter, ...values } = problem.params;
      if (delimiter === 'semicolon')
        return i18n._(
          'The row has {cells} cells but the header has {columns}: a cell with a semicolon in it must be in double quotes.',
          values,
        );
      if (delimiter === 'tab')
        return i18n._('The row has {cells} cells but the header has {columns}: a cell with a tab in it must be in double quotes.', values);
      return i18n._('The row has {cells} cells but the header has {columns}: a cell with a comma in it must be in double quotes.', values);
    }
    case 'unknown_type':
      return i18n._('{column} must be New, Used, Certified or CPO.', problem.params);
    case 'photo_url_not_web':
      return i18n._('Not an http or https address, so it is not fetched: {url}', problem.params);
    case 'invalid_value':
      return serverText(i18n, problem.message);
  }
}

/** Why a column named as one of ours was ignored, in the reader's language. */
export function ignoredColumnText(i18n: I18n, { params }: IgnoredColumnDetail): string {
  const values = { column: params.column, examples: params.examples.join(', ') };
  if (params.holds === 'listingState')
    return i18n._('Column "{column}" ignored: its values ({examples}) are not listing states ({states}).', {
      ...values,
      states: LISTING_STATES.join(', '),
    });
  if (params.holds === 'bodyStyle') return i18n._('Column "{column}" ignored: its values ({examples}) are not body styles.', values);
  return i18n._('Column "{column}" ignored: its values ({examples}) are not New, Used, Certified or CPO.', values);
}
