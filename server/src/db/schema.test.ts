import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../../test/database.ts';

/**
 * schema.ts is written by hand (docs/architecture.md, Where things go: a migration, then schema.ts).
 * This reads it with the TypeScript checker and the migrated database's information_schema, and
 * holds them to one another: the same tables and columns, the same nullability, and a TypeScript
 * type of the family the driver hands back for the SQL type (int8 and numeric as numbers,
 * server/src/db/database.ts).
 */

type Family = 'string' | 'number' | 'boolean' | 'date' | 'json' | 'bytes';
interface ColumnShape {
  nullable: boolean;
  family: Family;
}
type TableShapes = Record<string, Record<string, ColumnShape>>;

const SCHEMA_FILE = fileURLToPath(new URL('./schema.ts', import.meta.url));

/** The family of one member of a column's select type; undefined when it is not one a driver returns. */
function familyOf(checker: ts.TypeChecker, type: ts.Type): Family | undefined {
  if (type.flags & (ts.TypeFlags.StringLike | ts.TypeFlags.TemplateLiteral)) return 'string';
  if (type.flags & ts.TypeFlags.NumberLike) return 'number';
  if (type.flags & ts.TypeFlags.BooleanLike) return 'boolean';
  const name = type.getSymbol()?.getName();
  if (name === 'Date') return 'date';
  if (name === 'Buffer' || name === 'Uint8Array') return 'bytes';
  if (type.flags & ts.TypeFlags.Object) return 'json';
  return checker.typeToString(type) === 'unknown' ? 'json' : undefined;
}

/** Every table of the Database interface, each column's select type (ColumnType's first argument) as a shape. */
function declaredShapes(): TableShapes {
  const program = ts.createProgram([SCHEMA_FILE], {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    allowImportingTsExtensions: true,
    // The language's own types are all a column needs (Date, Uint8Array): leaving Node's out keeps this quick.
    lib: ['lib.es2022.d.ts'],
    types: [],
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(SCHEMA_FILE)!;
  const database = source.statements.find(
    (statement): statement is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(statement) && statement.name.text === 'Database',
  );
  if (!database) throw new Error(`${SCHEMA_FILE} declares no Database interface`);
  const shapes: TableShapes = {};
  for (const table of checker.getTypeAtLocation(database).getProperties()) {
    shapes[table.name] = {};
    for (const column of checker.getTypeOfSymbol(table).getProperties()) {
      const declared = checker.getTypeOfSymbol(column);
      // Kysely's ColumnType<S, I, U> (and Generated<S>) carry the type a select returns as __select__.
      const selected = declared.getProperty('__select__');
      const type = selected ? checker.getTypeOfSymbol(selected) : declared;
      const members = type.isUnion() ? type.types : [type];
      const nonNull = members.filter((member) => !(member.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined)));
      const families = [...new Set(nonNull.map((member) => familyOf(checker, member)))];
      if (families.length !== 1 || families[0] === undefined)
        throw new Error(`${table.name}.${column.name}: cannot tell the family of ${checker.typeToString(type)}`);
      shapes[table.name]![column.name] = { nullable: nonNull.length < members.length, family: families[0] };
    }
  }
  return shapes;
}

/** What the driver returns for each SQL type the migrations use (USER-DEFINED and ARRAY named by data_type). */
const SQL_FAMILIES: Record<string, Family> = {
  text: 'string',
  'character varying': 'string',
  character: 'string',
  uuid: 'string',
  citext: 'string',
  inet: 'string',
  integer: 'number',
  smallint: 'number',
  bigint: 'number',
  numeric: 'number',
  real: 'number',
  'double precision': 'number',
  boolean: 'boolean',
  'timestamp with time zone': 'date',
  'timestamp without time zone': 'date',
  date: 'date',
  jsonb: 'json',
  json: 'json',
  ARRAY: 'json',
  bytea: 'bytes',
};

/** Kysely's own bookkeeping, which no feature reads through the Database interface. */
const MIGRATOR_TABLES = ['kysely_migration', 'kysely_migration_lock'];

async function migratedShapes(database: TestDatabase): Promise<TableShapes> {
  const { rows } = await sql<{ table_name: string; column_name: string; is_nullable: 'YES' | 'NO'; data_type: string }>`
    select c.table_name, c.column_name, c.is_nullable, c.data_type
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
    order by c.table_name, c.ordinal_position`.execute(database.db);
  const shapes: TableShapes = {};
  for (const row of rows) {
    if (MIGRATOR_TABLES.includes(row.table_name)) continue;
    const family = SQL_FAMILIES[row.data_type];
    if (!family) throw new Error(`${row.table_name}.${row.column_name}: no family for the SQL type ${row.data_type}`);
    (shapes[row.table_name] ??= {})[row.column_name] = { nullable: row.is_nullable === 'YES', family };
  }
  return shapes;
}

const tableNames = (shapes: TableShapes) => Object.keys(shapes).sort();
const columnNames = (shapes: TableShapes) =>
  Object.entries(shapes)
    .flatMap(([table, columns]) => Object.keys(columns).map((column) => `${table}.${column}`))
    .sort();

describe('the hand-written database interface (server/src/db/schema.ts)', () => {
  let declared: TableShapes;
  beforeAll(() => {
    declared = declaredShapes();
  });

  describe.each(DATABASE_KINDS)('against the migrated schema on %s', (kind) => {
    let database: TestDatabase;
    let migrated: TableShapes;
    beforeAll(async () => {
      database = await createTestDatabase(kind);
      migrated = await migratedShapes(database);
    });
    afterAll(() => database.drop());

    it('names every table the migrations create, and no other', () => {
      expect(tableNames(declared)).toEqual(tableNames(migrated));
    });

    it('names every column of each table, and no other', () => {
      expect(columnNames(declared)).toEqual(columnNames(migrated));
    });

    it('says a column may be null exactly where the database allows it', () => {
      const nullable = (shapes: TableShapes) =>
        Object.fromEntries(columnNames(shapes).map((name) => [name, shapes[name.split('.')[0]!]![name.split('.')[1]!]!.nullable]));
      expect(nullable(declared)).toEqual(nullable(migrated));
    });

    it('gives each column a TypeScript type of the family its SQL type is read as', () => {
      const families = (shapes: TableShapes) =>
        Object.fromEntries(columnNames(shapes).map((name) => [name, shapes[name.split('.')[0]!]![name.split('.')[1]!]!.family]));
      expect(families(declared)).toEqual(families(migrated));
    });
  });
});
