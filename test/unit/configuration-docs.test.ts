/**
 * Every environment variable the server reads is documented: a row in docs/configuration.md and a line in
 * .env.example. The variables are read from the schema in server/config.ts (one `NAME: yup...` per line).
 */
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../support/test-database';

const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

function configVariables(): string[] {
  const source = read('server/config.ts');
  const schema = source.slice(source.indexOf('const envSchema = yup.object({'), source.indexOf('export type Env'));
  return [...schema.matchAll(/^ {2}([A-Z][A-Z0-9_]+): yup\b/gm)].map((m) => m[1]!);
}

/** The names in the first column of the configuration tables (`A` / `B` rows name two). */
function documentedVariables(): Set<string> {
  const rows = read('docs/configuration.md').split('\n').filter((line) => line.startsWith('| `'));
  return new Set(rows.flatMap((row) => [...row.split('|')[1]!.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]!)));
}

const exampleVariables = () => new Set([...read('.env.example').matchAll(/^([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]!));

describe('configuration documentation', () => {
  it('reads the variables from server/config.ts', () => {
    expect(configVariables()).toEqual(expect.arrayContaining(['NODE_ENV', 'DATABASE_URL', 'SESSION_SECRET', 'METRICS_TOKEN']));
  });

  it('has a row in docs/configuration.md for every variable, and none for a variable that does not exist', () => {
    const variables = configVariables();
    const documented = documentedVariables();
    expect(variables.filter((name) => !documented.has(name))).toEqual([]);
    expect([...documented].filter((name) => !variables.includes(name))).toEqual([]);
  });

  it('lists every variable in .env.example', () => {
    const example = exampleVariables();
    expect(configVariables().filter((name) => !example.has(name))).toEqual([]);
  });
});
