// Writes the root `.env.example` from the variable tables the configs themselves read (docs/running.md#the-env-file):
// the API's apps/api/src/config-variables.ts and the web's apps/web/src/config-variables.ts.
// Run: npx tsx tools/write-env-example.ts (or npm run env-example). With --check it writes nothing and fails when
// the file differs from what it would write (apps/api/src/config-variables.test.ts runs that).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { API_VARIABLES } from '../apps/api/src/config-variables';
import { WEB_VARIABLES } from '../apps/web/src/config-variables';

interface Entry {
  readonly meaning: string;
  readonly default?: string;
  readonly defaultText?: string;
}

/** `# NAME=default`: commented out, so a copy of this file as `.env` changes nothing until a line is opened. */
function entry(name: string, variable: Entry): string[] {
  const fallback =
    variable.defaultText ?? (variable.default === undefined ? 'unset' : `\`${variable.default}\``);
  return [`# ${variable.meaning}. Default: ${fallback}.`, `# ${name}=${variable.default ?? ''}`];
}

function renderEnvExample(): string {
  const lines = [
    '# Every variable of Wingmate, with its default and its meaning. Copy this file to `.env` (ignored by git) and',
    '# open the lines you need: the API (npm start, npm run serve) and the web app (Vite) both read the root `.env`;',
    '# a variable set in the real environment wins over its line. Tests never read it.',
    '# Written by `npm run env-example` from apps/api/src/config-variables.ts and apps/web/src/config-variables.ts.',
  ];
  let group: string | undefined;
  for (const [name, variable] of Object.entries(API_VARIABLES)) {
    if (variable.group !== group) {
      group = variable.group;
      lines.push('', `# --- API: ${group} ---`);
    }
    lines.push('', ...entry(name, variable));
  }
  lines.push(
    '',
    '# --- Web app (read at build time; the start also reads WEB_PORT, the web dev server port, default 4200) ---',
  );
  for (const [name, variable] of Object.entries(WEB_VARIABLES)) lines.push('', ...entry(name, variable));
  return `${lines.join('\n')}\n`;
}

const file = path.join(__dirname, '..', '.env.example');
const text = renderEnvExample();
if (process.argv.includes('--check')) {
  let written: string | undefined;
  try {
    written = readFileSync(file, 'utf8');
  } catch {
    written = undefined;
  }
  if (written !== text) {
    console.error(
      '.env.example is not what the variable tables say: run `npm run env-example` and commit it',
    );
    process.exit(1);
  }
} else {
  writeFileSync(file, text);
  console.log('Wrote .env.example');
}
