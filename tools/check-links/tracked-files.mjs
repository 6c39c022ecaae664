import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

/** The files git knows under `root` (tracked, or new and not ignored) that match `patterns`, outside node_modules. */
export function trackedFiles(root, ...patterns) {
  const listed = execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', ...patterns],
    {
      cwd: root,
      encoding: 'utf8',
    },
  );
  return listed
    .split('\n')
    .filter(Boolean)
    .filter((file) => !file.includes('node_modules/'))
    .filter((file) => existsSync(path.join(root, file)));
}
