import type { StyleProfile as StyleProfileJson } from '@wingmate/api-contract';
import { sql, type SQL } from 'drizzle-orm';
import type { ChatTurn, UserProfile } from '../../adapters/ai/ports';
import { RECENT_TURNS } from '../../adapters/ai/prompts';
import type { AppDatabase } from '../../db/database';
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

export type PromptMaterialReader = (owner: Owner, before?: number) => Promise<PromptMaterial>;

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
 * The person's rows of a table: an account's by `user_id`, a visitor's by `uid` while no account owns them. Bound
 * to placeholders, so each kind of owner has one prepared statement (a condition for both would plan badly).
 */
const ownedAs = (kind: Owner['kind'], alias: string): SQL =>
  kind === 'account'
    ? sql`${sql.raw(alias)}.user_id = ${sql.placeholder('userId')}`
    : sql`${sql.raw(alias)}.uid = ${sql.placeholder('uid')} and ${sql.raw(alias)}.user_id is null`;

/**
 * One statement for the whole prompt (docs/performance.md#mixed-traffic-the-profile-before-changes): the first
 * name and profile answers (an account's), the current answer of each questionnaire (the newest of the last 50
 * rows, their questions in order), the newest turns, and the style. As `userProfileOf`, `recentTurns` and
 * `personalStyleOf` read them, which took five or six statements.
 */
function materialQuery(db: AppDatabase, kind: Owner['kind']) {
  const account = kind === 'account';
  const firstName = account
    ? sql`(select u.first_name from users u where u.id = ${sql.placeholder('userId')})`
    : sql`null::text`;
  const answers = account
    ? sql`coalesce((select json_agg(json_build_object('question', q.text, 'text', a.text) order by q.position)
        from profile_answers a join profile_questions q on q.id = a.question_id
        where a.user_id = ${sql.placeholder('userId')}), '[]'::json)`
    : sql`'[]'::json`;
  const questionnaire = sql`coalesce((select json_agg(json_build_object('question', qq.text,
        'text', item.value->>'text') order by cur.id desc, item.position)
      from (select distinct on (r.questionnaire_id) r.id, r.answers
        from (select qa.id, qa.questionnaire_id, qa.answers from questionnaire_answers qa
          where ${ownedAs(kind, 'qa')} order by qa.id desc limit 50) r
        order by r.questionnaire_id, r.id desc) cur
      cross join lateral jsonb_array_elements(cur.answers) with ordinality as item(value, position)
      join questionnaire_questions qq on qq.id = (item.value->>'question')::int), '[]'::json)`;
  const turns = sql`coalesce((select json_agg(json_build_object('role', t.role, 'body', t.body,
        'image', t.image_url) order by t.id)
      from (select m.id, m.role, m.body, m.image_url from chat_messages m
        where ${ownedAs(kind, 'm')} and m.match_id is null and m.id < ${sql.placeholder('before')}
        order by m.id desc limit ${RECENT_TURNS}) t), '[]'::json)`;
  const style = sql`(select json_build_object('profile', s.profile, 'samples', s.samples)
      from style_profiles s where ${ownedAs(kind, 's')})`;
  return db
    .select({
      firstName: sql<MaterialRow['firstName']>`${firstName}`,
      answers: sql<MaterialRow['answers']>`${answers}`,
      questionnaire: sql<MaterialRow['questionnaire']>`${questionnaire}`,
      turns: sql<MaterialRow['turns']>`${turns}`,
      style: sql<MaterialRow['style']>`${style}`,
    })
    .from(sql`(select 1) as one`)
    .prepare(`prompt_material_${kind}`);
}

/** Reads what a main chat reply is written from, in one prepared statement for each kind of owner. */
export function promptMaterialReader(db: AppDatabase): PromptMaterialReader {
  const forAccount = materialQuery(db, 'account');
  const forVisitor = materialQuery(db, 'visitor');
  return async (owner, before = NO_LIMIT_ID) => {
    const [row] =
      owner.kind === 'account'
        ? await forAccount.execute({ userId: owner.userId, before })
        : await forVisitor.execute({ uid: owner.uid, before });
    if (!row) throw new Error('the prompt material query answered no row');
    return materialOf(row);
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
