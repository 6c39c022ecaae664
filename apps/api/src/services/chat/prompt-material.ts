import type { StyleProfile as StyleProfileJson } from '@wingmate/api-contract';
import { sql, type SQL } from 'drizzle-orm';
import type { ChatTurn, UserProfile } from '../../adapters/ai/ports';
import { RECENT_TURNS } from '../../adapters/ai/prompts';
import type { ReadAlong } from '../../db/read-along';
import type { Owner } from '../owner/owner';
import { styleProfileFromJson } from '../style/style-json';
import type { StyleProfile } from '../style/style-profile';

/** What a reply in the main chat is written from. */
export interface PromptMaterial {
  readonly profile: UserProfile;
  /** The newest turns of the main chat before the message being answered, oldest first. */
  readonly history: ChatTurn[];
  /** The person's style profile and messages, when they gave any (docs/product.md#sounds-like-me). */
  readonly style?: { readonly profile: StyleProfile; readonly samples: readonly string[] };
}

interface MaterialRow {
  readonly firstName: string | null;
  readonly answers: { question: string; text: string }[];
  readonly questionnaire: { question: string; text: string }[];
  readonly turns: { role: 'user' | 'ai'; body: string; image: string | null }[];
  readonly style: { profile: StyleProfileJson; samples: string[] } | null;
}

/** Before every message: the id bound when the newest turns are wanted. */
const NO_LIMIT_ID = 2_147_483_647;

/**
 * The person's rows of a table: an account's by `user_id`, a visitor's by `uid` while no account owns them (one
 * text for each kind of owner: a condition for both would plan badly).
 */
const ownedAs = (owner: Owner, alias: string): SQL =>
  owner.kind === 'account'
    ? sql`${sql.raw(alias)}.user_id = ${owner.userId}`
    : sql`${sql.raw(alias)}.uid = ${owner.uid} and ${sql.raw(alias)}.user_id is null`;

/**
 * What a main chat reply is written from, as columns to read with the spend
 * (docs/performance.md#the-prompt-read-with-the-spend): the first name and profile answers (an account's), the
 * current answer of each questionnaire (the newest of the last 50 rows, their questions in order), the newest turns
 * before `before` (a regenerate's message; all when undefined), and the style. As `userProfileOf`, `recentTurns` and
 * `personalStyleOf` read them, which took five or six statements.
 */
export function promptMaterialAlong(owner: Owner, before = NO_LIMIT_ID): ReadAlong<PromptMaterial> {
  const firstName =
    owner.kind === 'account'
      ? sql`(select u.first_name from users u where u.id = ${owner.userId})`
      : sql`null::text`;
  const answers =
    owner.kind === 'account'
      ? sql`coalesce((select json_agg(json_build_object('question', q.text, 'text', a.text) order by q.position)
        from profile_answers a join profile_questions q on q.id = a.question_id
        where a.user_id = ${owner.userId}), '[]'::json)`
      : sql`'[]'::json`;
  const questionnaire = sql`coalesce((select json_agg(json_build_object('question', qq.text,
        'text', item.value->>'text') order by cur.id desc, item.position)
      from (select distinct on (r.questionnaire_id) r.id, r.answers
        from (select qa.id, qa.questionnaire_id, qa.answers from questionnaire_answers qa
          where ${ownedAs(owner, 'qa')} order by qa.id desc limit 50) r
        order by r.questionnaire_id, r.id desc) cur
      cross join lateral jsonb_array_elements(cur.answers) with ordinality as item(value, position)
      join questionnaire_questions qq on qq.id = (item.value->>'question')::int), '[]'::json)`;
  const turns = sql`coalesce((select json_agg(json_build_object('role', t.role, 'body', t.body,
        'image', t.image_url) order by t.id)
      from (select m.id, m.role, m.body, m.image_url from chat_messages m
        where ${ownedAs(owner, 'm')} and m.match_id is null and m.id < ${before}::integer
        order by m.id desc limit ${sql.raw(String(RECENT_TURNS))}) t), '[]'::json)`;
  const style = sql`(select json_build_object('profile', s.profile, 'samples', s.samples)
      from style_profiles s where ${ownedAs(owner, 's')})`;
  return {
    columns: sql`${firstName} as "firstName", ${answers} as "answers", ${questionnaire} as "questionnaire",
      ${turns} as "turns", ${style} as "style"`,
    valueOf: (row) => materialOf(row as unknown as MaterialRow),
  };
}

function materialOf(row: MaterialRow): PromptMaterial {
  return {
    profile: {
      firstName: row.firstName || undefined,
      answers: row.answers,
      questionnaire: row.questionnaire,
    },
    history: row.turns.map((turn) => ({ role: turn.role, body: turn.body, image: turn.image })),
    ...(row.style && {
      style: { profile: styleProfileFromJson(row.style.profile), samples: row.style.samples },
    }),
  };
}
