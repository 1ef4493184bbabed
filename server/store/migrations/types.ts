/**
 * One schema change. Each dialect has its own list (sqlite.ts, postgres.ts)
 * with the same ids and names, so `schema_migrations` reads the same on both
 * stores. Never edit a migration that has shipped; add a new one to both.
 */
export interface Migration {
  id: number;
  name: string;
  sql: string;
}
