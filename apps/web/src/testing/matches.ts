import type { Match, MatchDetail } from '@wingmate/api-contract';

const NOW = '2026-11-23T12:00:00.000Z';

/** A match as the API answers it, for the matches screens' tests. */
export const match = (id: number, name: string, extra: Partial<Match> = {}): Match => ({
  id,
  name,
  where_met: '',
  notes: '',
  profile_text: '',
  photos: [],
  status: 'talking',
  archived: false,
  line_count: 0,
  created_at: NOW,
  updated_at: NOW,
  last_activity_at: NOW,
  ...extra,
});

/** A match with its memory, as `getMatch` answers. */
export const matchDetail = (id: number, name: string, extra: Partial<MatchDetail> = {}): MatchDetail => ({
  ...match(id, name),
  memory: { summary: '', summary_updated_at: null, facts: [] },
  ...extra,
});
