import pg from 'pg';

/**
 * `count` more photos in gallery `code`, written straight into the media service's database (`databaseUrl` names
 * it): copies of the photos the gallery already has, round and round, their stored objects shared, each a
 * second older than the one before, and the gallery's count raised to match. A gallery of thousands of photos as
 * its readers see it, in a second rather than hours of uploads; the gallery needs one real photo first. Every
 * column but the id and the time is copied, so a column added later comes along. Resolves with the ids of the
 * new photos, newest first.
 */
export async function seedGalleryPhotos(databaseUrl: string, code: string, count: number): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows: columns } = await client.query<{ name: string }>(
      `SELECT column_name AS name FROM information_schema.columns
        WHERE table_schema = 'public' AND table_name = 'photos' AND column_name NOT IN ('id', 'created_at')`,
    );
    const copied = columns.map(({ name }) => client.escapeIdentifier(name));
    await client.query('BEGIN');
    const { rows } = await client.query<{ id: string }>(
      `WITH source AS (
              SELECT *, row_number() OVER (ORDER BY created_at DESC, id DESC) - 1 AS position,
                     count(*) OVER () AS photos, min(created_at) OVER () AS oldest
                FROM photos WHERE event_code = $1
            )
       INSERT INTO photos (id, created_at, ${copied.join(', ')})
       SELECT gen_random_uuid(), source.oldest - make_interval(secs => step), ${copied.map((name) => `source.${name}`).join(', ')}
         FROM generate_series(1, $2::integer) AS step
         JOIN source ON source.position = (step - 1) % source.photos
        ORDER BY step
       RETURNING id`,
      [code, count],
    );
    if (rows.length !== count) throw new Error(`gallery ${code} has no photo to copy`);
    await client.query('UPDATE galleries SET photo_count = photo_count + $2 WHERE code = $1', [code, count]);
    await client.query('COMMIT');
    return rows.map((row) => row.id);
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}
