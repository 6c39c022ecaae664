import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const WEB_SOURCES = path.resolve(__dirname, '../../../web/src');

/**
 * The path of every screen in the web app's route table (`apps/web/src/frame/routes.tsx` and each area's
 * `routes/<area>/routes.tsx`), read from those files so a new screen is visited without editing a list here:
 * the index route is `/`, the catch-all `*` an address no screen has, and each `:param` its value in `params`
 * (a parameter without one fails, so its test names a real record).
 */
export function everyScreenPath(params: Readonly<Record<string, string | number>>): string[] {
  const areas = readdirSync(path.join(WEB_SOURCES, 'routes'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.join(WEB_SOURCES, 'routes', entry.name, 'routes.tsx'));
  const tables = [path.join(WEB_SOURCES, 'frame', 'routes.tsx'), ...areas].flatMap((file) => {
    try {
      return [readFileSync(file, 'utf8')];
    } catch {
      return [];
    }
  });
  const paths = tables.flatMap((table) => [
    ...(/\bindex: true\b/.test(table) ? ['/'] : []),
    ...[...table.matchAll(/\bpath: '([^']+)'/g)].map((found) => found[1]!),
  ]);
  return [...new Set(paths)].map((route) => concretePath(route, params));
}

function concretePath(route: string, params: Readonly<Record<string, string | number>>): string {
  if (route === '*') return '/no-such-screen';
  const concrete = route.replace(/:(\w+)/g, (_whole, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`No sample value for the route parameter :${name} of ${route}`);
    return encodeURIComponent(String(value));
  });
  return concrete.startsWith('/') ? concrete : `/${concrete}`;
}
