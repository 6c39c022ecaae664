import type { Match, MatchDetail, MatchImport, MatchLine, MemoryFact } from '@wingmate/api-contract';

/** Answers of the matches calls, for the matches stores' tests. */
const AT = '2026-11-28T03:00:00.000Z';

export const matchOf = (id: number, name = `Match ${id}`, fields: Partial<Match> = {}): Match => ({
  id,
  name,
  where_met: '',
  notes: '',
  profile_text: '',
  photos: [],
  status: 'talking',
  archived: false,
  line_count: 0,
  created_at: AT,
  updated_at: AT,
  last_activity_at: AT,
  ...fields,
});

export const factOf = (id: number, text: string, fields: Partial<MemoryFact> = {}): MemoryFact => ({
  id,
  text,
  source: 'wingmate',
  pinned: false,
  updated_at: AT,
  ...fields,
});

export const detailOf = (match: Match, facts: MemoryFact[] = [], summary = ''): MatchDetail => ({
  ...match,
  memory: { summary, summary_updated_at: summary ? AT : null, facts },
});

export const lineOf = (id: number, side: MatchLine['side'], text: string, position = id): MatchLine => ({
  id,
  side,
  text,
  position,
  import_id: null,
  created_at: AT,
});

export const pageOf = <T>(results: T[], next: string | null = null) => ({
  count: results.length,
  next,
  previous: null,
  results,
});

export const importOf = (id: number, fields: Partial<MatchImport> = {}): MatchImport => ({
  id,
  status: 'open',
  screenshots: [],
  lines: [],
  created_at: AT,
  ...fields,
});
