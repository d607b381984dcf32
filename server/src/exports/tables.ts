// Kysely types of the export tables (migration 010), kept beside the code that uses them:
// `withExportTables(db)` widens the shared DB type for this folder only.
import type { Generated, Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

export type ExportStatus = 'running' | 'done' | 'error';

export interface ExportFileTable {
  id: string;
  owner: string;
  kind: string;
  format: string;
  name: string;
  status: Generated<ExportStatus>;
  rows: number | null;
  bytes: number | null;
  message: string | null;
  created_at: Generated<Date>;
  expires_at: Date;
  /** The server process writing it (migration 018, db/instance.ts). */
  instance_id: string | null;
}

export interface ExportChunkTable {
  export_id: string;
  seq: number;
  data: Uint8Array;
}

// A type alias (not an interface): withTables wants an index-compatible record.
export type ExportTables = {
  export_file: ExportFileTable;
  export_chunk: ExportChunkTable;
};

export type ExportDb = Kysely<DB & ExportTables>;

export const withExportTables = (db: Kysely<DB>): ExportDb => db.withTables<ExportTables>();
