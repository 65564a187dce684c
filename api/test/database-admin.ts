import postgres from 'postgres';

/** The same server, another database. */
export function databaseUrlFor(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

export async function recreateDatabase(adminUrl: string, name: string, template?: string): Promise<void> {
  const sql = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await sql.unsafe(`drop database if exists ${quote(name)} with (force)`);
    // Cloning fails while another session touches the template; clones started together retry.
    for (let attempt = 0; ; attempt++) {
      try {
        await sql.unsafe(`create database ${quote(name)}${template ? ` template ${quote(template)}` : ''}`);
        return;
      } catch (error) {
        const busy = (error as { code?: string }).code === '55006';
        if (!busy || attempt >= 50) throw error;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  } finally {
    await sql.end();
  }
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  const sql = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await sql.unsafe(`drop database if exists ${quote(name)} with (force)`);
  } finally {
    await sql.end();
  }
}
