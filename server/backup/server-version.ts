import pg from 'pg';

/** The PostgreSQL server's version, as text and its major number. */
export async function serverVersion(url: string): Promise<{ text: string; major: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ num: string; text: string }>("SELECT current_setting('server_version_num') AS num, current_setting('server_version') AS text");
    return { text: rows[0]!.text, major: Math.floor(Number(rows[0]!.num) / 10000) };
  } finally {
    await client.end();
  }
}
