import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Operation } from './operation';
import { operations } from './operations';
import { routes } from './routes';

const routeOf = (id: string) => (routes as Record<string, unknown>)[id];

describe('the route table and the operation table have one source', () => {
  it('has a route for every operation, and no route without one', () => {
    expect(Object.keys(routes).sort()).toEqual(Object.keys(operations).sort());
  });

  it.each(Object.entries(operations as Record<string, Operation>))(
    '%s has the id, group, method, path and auth of its route',
    (id, { group, method, path, auth }) => {
      expect(routeOf(id)).toEqual({ id, group, method, path, auth });
    },
  );
});

describe('the routes entry ships no schema code (the SDK imports it)', () => {
  const groupFiles = [...new Set(Object.values(routes).map(({ group }) => group))].map(
    (group) => `${group === 'datingBio' ? 'dating-bio' : group}.routes.ts`,
  );

  it.each(['routes.ts', 'route.ts', ...groupFiles])('%s imports only route files and types', (file) => {
    const source = readFileSync(join(__dirname, file), 'utf8');
    const valueImports = [...source.matchAll(/^(?:import|export) (?!type )[^;]*? from '([^']+)'/gm)].map(
      (match) => match[1] ?? '',
    );
    expect(valueImports.filter((from) => !/^\.\/(route|[\w-]+\.routes)$/.test(from))).toEqual([]);
  });
});
