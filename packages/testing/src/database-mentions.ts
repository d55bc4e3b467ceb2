import pg from 'pg';

/**
 * Every `table.column` of a database's public schema holding `text` somewhere in a row: text, JSON and array
 * columns are read as text. What a purge test asks of a service's database ("nothing of this gallery left"),
 * covering tables added after the test was written.
 */
export async function databaseMentions(databaseUrl: string, text: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows: columns } = await client.query<{ table: string; column: string }>(
      `SELECT c.table_name AS table, c.column_name AS column
         FROM information_schema.columns c
         JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
        WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
          AND (c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY'))
        ORDER BY 1, 2`,
    );
    const found: string[] = [];
    for (const { table, column } of columns) {
      const name = `${client.escapeIdentifier(table)}.${client.escapeIdentifier(column)}`;
      const { rowCount } = await client.query(
        `SELECT 1 FROM ${client.escapeIdentifier(table)} WHERE strpos(${name}::text, $1) > 0 LIMIT 1`,
        [text],
      );
      if (rowCount) found.push(`${table}.${column}`);
    }
    return found;
  } finally {
    await client.end();
  }
}
