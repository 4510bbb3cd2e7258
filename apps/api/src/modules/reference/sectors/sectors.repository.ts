import type { SectorCompanyRow } from '@app/contracts/catalogue';
import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';

const escapeLike = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/** How many companies (not deleted) belong to the sector: a sector in use is not deleted. */
export async function countSectorCompanies(db: Database, sectorId: number): Promise<number> {
  const [row] = await db.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM companies WHERE sector_id = ${sectorId} AND deleted_at IS NULL`);
  return row?.n ?? 0;
}

/** One page of the sector's companies (name order), with the total. */
export async function listSectorCompanies(
  db: Database,
  sectorId: number,
  filter: { q?: string; page: number; limit: number },
): Promise<{ rows: SectorCompanyRow[]; total: number }> {
  const search = filter.q ? sql`AND (c.name ILIKE ${escapeLike(filter.q)} OR c.code ILIKE ${escapeLike(filter.q)})` : sql``;
  const rows = await db.rows<SectorCompanyRow & { total: number }>(sql`
    SELECT c.id, c.name, c.code, c.status, z.name AS town, c.created_at, count(*) OVER ()::int AS total
    FROM companies c LEFT JOIN zones z ON z.id = c.zone_id
    WHERE c.sector_id = ${sectorId} AND c.deleted_at IS NULL ${search}
    ORDER BY lower(c.name), c.id
    LIMIT ${filter.limit} OFFSET ${(filter.page - 1) * filter.limit}`);
  const total = rows[0]?.total ?? (filter.page > 1 ? await countFiltered(db, sectorId, search) : 0);
  return { rows: rows.map(({ total: _t, ...row }) => row), total };
}

async function countFiltered(db: Database, sectorId: number, search: ReturnType<typeof sql>): Promise<number> {
  const [row] = await db.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM companies c WHERE c.sector_id = ${sectorId} AND c.deleted_at IS NULL ${search}`);
  return row?.n ?? 0;
}
