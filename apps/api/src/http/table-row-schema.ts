import { getTableColumns, type Table } from 'drizzle-orm';
import { z } from 'zod';

/**
 * The zod schema of a table's row as drizzle gives it (`select().from(table)`), for a route
 * that answers whole rows (API.md "Declaring a response"): every column, nullable where the
 * column is, timestamps as the Date objects drizzle reads (serialised as ISO instants, and
 * documented so). Derived from the table, so a new column is never silently dropped from
 * the answer. `omit` leaves out columns the handler does not give.
 */
export function tableRowSchema<T extends Table>(table: T, omit: readonly string[] = []): z.ZodObject<Record<string, z.ZodType>> {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    if (omit.includes(key)) continue;
    const schema = columnSchema(column.dataType, column.columnType);
    shape[key] = column.notNull ? schema : schema.nullable();
  }
  return z.object(shape);
}

function columnSchema(dataType: string, columnType: string): z.ZodType {
  switch (dataType) {
    case 'number':
      return columnType.includes('Integer') || columnType.includes('Serial') || columnType.includes('BigInt') ? z.number().int() : z.number();
    case 'bigint':
      return z.bigint();
    case 'boolean':
      return z.boolean();
    case 'date':
      return z.date();
    case 'json':
      return z.unknown();
    case 'array':
      return z.array(z.unknown());
    default:
      // text, varchar, numeric, enums, and `date` columns read as strings.
      return z.string();
  }
}
