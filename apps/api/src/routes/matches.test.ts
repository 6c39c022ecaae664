import type {
  AuthTokens,
  Match,
  MatchDetail,
  MatchLine,
  MatchLineList,
  MatchPage,
  MatchPhoto,
  MemoryFact,
  UserExport,
} from '@wingmate/api-contract';
import { MATCH_LIMITS } from '@wingmate/api-contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { chatMessages, matches, matchImports, matchLines, matchMemoryFacts } from '../db/schema';
import { multipartPayload, temporaryStorage } from '../testing/chat';
import { bearer, signUpByEmail, testClock, uniqueEmail } from '../testing/sign-in';
import { describeEachDatabase } from '../testing/test-app';
import { goodPhoto } from '../testing/test-photos';

// docs/product.md#matches, docs/product.md#how-a-matchs-memory-works
const storage = temporaryStorage();
const clock = testClock();
const PASSWORD = 'correct horse battery staple';
const DAY_MS = 24 * 3600_000;
const newUid = () => crypto.randomUUID();

/** Who calls: a visitor by uid, or a member by token. */
type Caller = { uid: string } | { headers: { authorization: string } };

function call(
  app: FastifyInstance,
  caller: Caller,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  payload?: object,
) {
  const query = 'uid' in caller ? `${path.includes('?') ? '&' : '?'}uid=${caller.uid}` : '';
  return app.inject({
    method,
    url: `/api/v1/matches/${path}${query}`,
    headers: 'headers' in caller ? caller.headers : {},
    payload,
  });
}

async function createMatch(app: FastifyInstance, caller: Caller, body: object = { name: 'Sam' }) {
  const response = await call(app, caller, 'POST', '', body);
  expect(response.statusCode).toBe(201);
  return response.json<Match>();
}

async function uploadPhoto(app: FastifyInstance, caller: Caller, matchId: number, bytes: Uint8Array) {
  const form = await multipartPayload({}, { image: { bytes, name: 'photo.jpg' } });
  const query = 'uid' in caller ? `?uid=${caller.uid}` : '';
  return app.inject({
    method: 'POST',
    url: `/api/v1/matches/${matchId}/photos/${query}`,
    payload: form.payload,
    headers: { ...form.headers, ...('headers' in caller ? caller.headers : {}) },
  });
}

/** The stored keys of every width of a photo. */
const storedKeys = (photo: MatchPhoto) =>
  (photo.variants ?? []).map((variant) => variant.url.replace('/uploads/', ''));

describeEachDatabase(
  'matches (/api/v1/matches/: docs/product.md#matches)',
  (getApp) => {
    it('creates, reads, updates only the fields sent, archives, lists and deletes a match', async () => {
      const app = getApp();
      const visitor = { uid: newUid() };
      const first = await createMatch(app, visitor, { name: 'Sam', where_met: 'Hinge' });
      expect(first).toEqual({
        id: expect.any(Number),
        name: 'Sam',
        where_met: 'Hinge',
        notes: '',
        profile_text: '',
        photos: [],
        status: 'talking',
        archived: false,
        line_count: 0,
        created_at: expect.any(String),
        updated_at: expect.any(String),
        last_activity_at: expect.any(String),
      });
      clock.advance(1000);
      const second = await createMatch(app, visitor, { name: 'Alex' });

      clock.advance(1000);
      const updated = await call(app, visitor, 'PUT', `${first.id}/`, { status: 'date_planned' });
      expect(updated.statusCode).toBe(200);
      expect(updated.json<Match>()).toMatchObject({
        name: 'Sam',
        where_met: 'Hinge',
        status: 'date_planned',
      });
      // The newest activity first: Sam was just changed.
      const listed = (await call(app, visitor, 'GET', '')).json<MatchPage>();
      expect(listed.results.map((match) => match.id)).toEqual([first.id, second.id]);

      const detail = (await call(app, visitor, 'GET', `${first.id}/`)).json<MatchDetail>();
      expect(detail.memory).toEqual({ summary: '', summary_updated_at: null, facts: [] });

      expect((await call(app, visitor, 'PUT', `${second.id}/`, { archived: true })).statusCode).toBe(200);
      expect((await call(app, visitor, 'GET', '')).json<MatchPage>().results.map((m) => m.id)).toEqual([
        first.id,
      ]);
      expect(
        (await call(app, visitor, 'GET', '?archived=true')).json<MatchPage>().results.map((m) => m.id),
      ).toEqual([second.id]);

      expect((await call(app, visitor, 'DELETE', `${second.id}/`)).statusCode).toBe(204);
      expect((await call(app, visitor, 'GET', `${second.id}/`)).statusCode).toBe(404);
    });

    it('answers validation errors field by field and writes nothing', async () => {
      const app = getApp();
      const visitor = { uid: newUid() };
      const bad = await call(app, visitor, 'POST', '', {
        name: '',
        notes: 'x'.repeat(MATCH_LIMITS.notesLength + 1),
        status: 'married',
      });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json()).sort()).toEqual(['name', 'notes', 'status']);
      expect((await call(app, visitor, 'GET', '')).json<MatchPage>().count).toBe(0);
      const match = await createMatch(app, visitor);
      const empty = await call(app, visitor, 'PUT', `${match.id}/`, {});
      expect(empty.statusCode).toBe(400);
      const tooLong = await call(app, visitor, 'PUT', `${match.id}/`, {
        name: 'Kim',
        profile_text: 'x'.repeat(MATCH_LIMITS.profileTextLength + 1),
      });
      expect(tooLong.json()).toEqual({ profile_text: [expect.any(String)] });
      expect((await call(app, visitor, 'GET', `${match.id}/`)).json<Match>().name).toBe('Sam');
    });

    it('keeps at most 200 matches a person, archived ones counted (409 match_limit)', async () => {
      const app = getApp();
      const visitor = { uid: newUid() };
      await app.database.db.insert(matches).values(
        Array.from({ length: MATCH_LIMITS.matchesPerPerson }, (_, index) => ({
          uid: visitor.uid,
          name: `Match ${index}`,
          archived: index % 2 === 0,
        })),
      );
      const refused = await call(app, visitor, 'POST', '', { name: 'One more' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ detail: expect.any(String), code: 'match_limit' });
      // Another person is not held by it.
      await createMatch(app, { uid: newUid() });
    });

    it("answers 404 for another person's match and 403 for a member's uid used without its token", async () => {
      const app = getApp();
      const theirs = await createMatch(app, { uid: newUid() });
      const other = { uid: newUid() };
      for (const [method, path, payload] of [
        ['GET', `${theirs.id}/`, undefined],
        ['PUT', `${theirs.id}/`, { name: 'Mine now' }],
        ['DELETE', `${theirs.id}/`, undefined],
        ['POST', `${theirs.id}/lines/`, { lines: [{ side: 'me', text: 'hi' }] }],
        ['POST', `${theirs.id}/memory/`, { text: 'likes cats' }],
      ] as const) {
        expect((await call(app, other, method, path, payload)).statusCode).toBe(404);
      }
      const uid = newUid();
      const signUp = await app.inject({
        method: 'POST',
        url: '/register/email/',
        payload: { email: uniqueEmail(), password: PASSWORD, uid },
      });
      expect(signUp.statusCode).toBe(201);
      expect((await call(app, { uid }, 'GET', '')).statusCode).toBe(403);
    });

    it('adds photos re-encoded with their widths, at most 6 (409 photo_limit), refuses a non-image, deletes one with its files', async () => {
      const app = getApp();
      const visitor = { uid: newUid() };
      const match = await createMatch(app, visitor);
      const photo = await goodPhoto(800, 1000);
      const first = await uploadPhoto(app, visitor, match.id, photo);
      expect(first.statusCode).toBe(201);
      const [stored] = first.json<Match>().photos;
      expect(stored).toMatchObject({ width: 800, height: 1000 });
      expect(stored!.variants?.map((variant) => variant.width)).toEqual([320, 640, 800]);
      const keys = storedKeys(stored!);
      expect(keys).toHaveLength(3);
      for (const key of keys) expect(await storage.get(key)).not.toBeNull();

      const notImage = await uploadPhoto(app, visitor, match.id, Buffer.from('not a photo at all'));
      expect(notImage.statusCode).toBe(415);
      for (let held = 1; held < MATCH_LIMITS.photosPerMatch; held++) {
        expect((await uploadPhoto(app, visitor, match.id, photo)).statusCode).toBe(201);
      }
      const seventh = await uploadPhoto(app, visitor, match.id, photo);
      expect(seventh.statusCode).toBe(409);
      expect(seventh.json()).toMatchObject({ code: 'photo_limit' });

      expect((await call(app, visitor, 'DELETE', `${match.id}/photos/${stored!.id}/`)).statusCode).toBe(204);
      for (const key of keys) expect(await storage.get(key)).toBeNull();
      const kept = (await call(app, visitor, 'GET', `${match.id}/`)).json<Match>().photos;
      expect(kept).toHaveLength(MATCH_LIMITS.photosPerMatch - 1);
      // Deleting the match deletes the rest of the files.
      expect((await call(app, visitor, 'DELETE', `${match.id}/`)).statusCode).toBe(204);
      for (const key of kept.flatMap(storedKeys)) expect(await storage.get(key)).toBeNull();
    });

    it('appends lines in order, flips and corrects one, deletes one keeping the order, and holds 2,000', async () => {
      const app = getApp();
      const visitor = { uid: newUid() };
      const match = await createMatch(app, visitor);
      const added = await call(app, visitor, 'POST', `${match.id}/lines/`, {
        lines: [
          { side: 'them', text: 'Hey!' },
          { side: 'me', text: 'Hi, how was the hike?' },
          { side: 'me', text: 'Great views?' },
        ],
      });
      expect(added.statusCode).toBe(201);
      const [hey, hike, views] = added.json<MatchLineList>().results;
      const flipped = await call(app, visitor, 'PUT', `${match.id}/lines/${views!.id}/`, {
        side: 'them',
        text: 'Great views!',
      });
      expect(flipped.json<MatchLine>()).toMatchObject({ side: 'them', text: 'Great views!' });
      expect((await call(app, visitor, 'DELETE', `${match.id}/lines/${hike!.id}/`)).statusCode).toBe(204);
      await call(app, visitor, 'POST', `${match.id}/lines/`, { lines: [{ side: 'me', text: 'Coffee?' }] });
      const transcript = (await call(app, visitor, 'GET', `${match.id}/lines/`)).json<MatchLineList>();
      expect(transcript.results.map((line) => [line.side, line.text])).toEqual([
        ['them', 'Hey!'],
        ['them', 'Great views!'],
        ['me', 'Coffee?'],
      ]);
      expect(transcript.results[0]!.id).toBe(hey!.id);

      // Up to 2,000 lines a match: 3 are kept, so 1,997 more fit and one past them is a 400 on `lines`.
      const many = (n: number) => Array.from({ length: n }, (_, i) => ({ side: 'me', text: `line ${i}` }));
      for (const n of [500, 500, 500, 497]) {
        expect((await call(app, visitor, 'POST', `${match.id}/lines/`, { lines: many(n) })).statusCode).toBe(
          201,
        );
      }
      const past = await call(app, visitor, 'POST', `${match.id}/lines/`, { lines: many(1) });
      expect(past.statusCode).toBe(400);
      expect(past.json()).toEqual({ lines: [expect.any(String)] });
      expect((await call(app, visitor, 'GET', `${match.id}/`)).json<Match>().line_count).toBe(
        MATCH_LIMITS.linesPerMatch,
      );
    });

    it('confirms a ready screenshot import once, its lines joining in the same transaction', async () => {
      const app = getApp();
      const db = app.database.db;
      const visitor = { uid: newUid() };
      const match = await createMatch(app, visitor);
      const other = await createMatch(app, visitor, { name: 'Other' });
      const lines = [
        { side: 'them' as const, text: 'Sunday brunch?' },
        { side: 'me' as const, text: 'Yes!' },
      ];
      const [reading] = await db
        .insert(matchImports)
        .values({ matchId: match.id, status: 'reading' })
        .returning();
      const [ready] = await db
        .insert(matchImports)
        .values({ matchId: match.id, status: 'ready', lines })
        .returning();
      const confirm = (matchId: number, importId: number) =>
        call(app, visitor, 'POST', `${matchId}/lines/`, { lines, import_id: importId });

      const notReady = await confirm(match.id, reading!.id);
      expect(notReady.statusCode).toBe(409);
      expect(notReady.json()).toMatchObject({ code: 'import_not_ready' });
      expect((await confirm(other.id, ready!.id)).json()).toEqual({ import_id: [expect.any(String)] });

      const confirmed = await confirm(match.id, ready!.id);
      expect(confirmed.statusCode).toBe(201);
      expect(confirmed.json<MatchLineList>().results.map((line) => line.import_id)).toEqual([
        ready!.id,
        ready!.id,
      ]);
      const [row] = await db.select().from(matchImports).where(eq(matchImports.id, ready!.id));
      expect(row).toMatchObject({ status: 'confirmed', confirmedAt: expect.any(Date) });

      const again = await confirm(match.id, ready!.id);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'import_confirmed' });
      expect(await db.select().from(matchLines).where(eq(matchLines.matchId, match.id))).toHaveLength(2);
    });

    it('keeps memory facts: added and edited ones are the person’s, pinned, forgotten, at most 50', async () => {
      const app = getApp();
      const db = app.database.db;
      const visitor = { uid: newUid() };
      const match = await createMatch(app, visitor);
      const added = await call(app, visitor, 'POST', `${match.id}/memory/`, { text: 'Has a dog named Pip' });
      expect(added.statusCode).toBe(201);
      expect(added.json<MemoryFact>()).toMatchObject({ source: 'you', pinned: false });
      const [summarised] = await db
        .insert(matchMemoryFacts)
        .values({ matchId: match.id, text: 'Works nights', source: 'wingmate' })
        .returning();

      const pinned = await call(app, visitor, 'PUT', `${match.id}/memory/${summarised!.id}/`, {
        pinned: true,
      });
      expect(pinned.json<MemoryFact>()).toMatchObject({ source: 'wingmate', pinned: true });
      const edited = await call(app, visitor, 'PUT', `${match.id}/memory/${summarised!.id}/`, {
        text: 'Works night shifts at the hospital',
      });
      expect(edited.json<MemoryFact>()).toMatchObject({ source: 'you', pinned: true });
      const forgotten = await call(
        app,
        visitor,
        'DELETE',
        `${match.id}/memory/${added.json<MemoryFact>().id}/`,
      );
      expect(forgotten.statusCode).toBe(204);
      expect((await call(app, visitor, 'GET', `${match.id}/`)).json<MatchDetail>().memory.facts).toEqual([
        edited.json<MemoryFact>(),
      ]);

      for (let held = 1; held < MATCH_LIMITS.factsPerMatch; held++) {
        await call(app, visitor, 'POST', `${match.id}/memory/`, { text: `fact ${held}` });
      }
      const past = await call(app, visitor, 'POST', `${match.id}/memory/`, { text: 'one too many' });
      expect(past.statusCode).toBe(400);
      expect(past.json()).toEqual({ text: [expect.any(String)] });
    });

    it("moves a visitor's matches to the account on sign-up, exports them, and deletes them with their files with the account", async () => {
      const app = getApp();
      const db = app.database.db;
      const uid = newUid();
      const match = await createMatch(app, { uid }, { name: 'Robin', notes: 'Loves jazz' });
      const photo = (await uploadPhoto(app, { uid }, match.id, await goodPhoto(400, 500))).json<Match>()
        .photos[0]!;
      expect(storedKeys(photo)).toHaveLength(2);
      for (const key of storedKeys(photo)) expect(await storage.get(key)).not.toBeNull();
      await call(app, { uid }, 'POST', `${match.id}/lines/`, {
        lines: [{ side: 'them', text: 'Jazz tonight?' }],
      });
      // Typed lines join the memory at the next refresh, as a coaching exchange starts it
      // (docs/product.md#how-a-matchs-memory-works).
      app.matchMemory.later(match.id);
      await app.matchMemory.settled();
      await call(app, { uid }, 'POST', `${match.id}/memory/`, { text: 'Plays the sax', pinned: true });
      await db.insert(chatMessages).values({ uid, role: 'user', body: 'What do I say?', matchId: match.id });

      const signUp = await app.inject({
        method: 'POST',
        url: '/register/email/',
        payload: { email: uniqueEmail(), password: PASSWORD, uid },
      });
      const member = { headers: bearer(signUp.json<AuthTokens>()) };
      expect((await call(app, member, 'GET', '')).json<MatchPage>().results.map((m) => m.id)).toEqual([
        match.id,
      ]);

      const exported = await app.inject({
        method: 'GET',
        url: '/api/v1/accounts/user/export/',
        headers: member.headers,
      });
      const document = exported.json<UserExport>();
      expect(document.chat_messages).toEqual([]);
      expect(document.matches).toEqual([
        {
          name: 'Robin',
          where_met: '',
          notes: 'Loves jazz',
          profile_text: '',
          status: 'talking',
          archived: false,
          photos: [photo.image],
          memory: {
            summary: expect.stringContaining('Jazz tonight?'),
            facts: [
              { text: 'Robin said "Jazz tonight?"', source: 'wingmate', pinned: false },
              { text: 'Plays the sax', source: 'you', pinned: true },
            ],
          },
          lines: [{ side: 'them', text: 'Jazz tonight?' }],
          coaching_chat: [{ role: 'user', body: 'What do I say?', created_at: expect.any(String) }],
          created_at: match.created_at,
          last_activity_at: expect.any(String),
        },
      ]);

      const deleted = await app.inject({
        method: 'POST',
        url: '/api/v1/accounts/user/delete/',
        headers: member.headers,
        payload: { password: PASSWORD },
      });
      expect(deleted.statusCode).toBe(200);
      expect(await db.select().from(matches).where(eq(matches.id, match.id))).toEqual([]);
      for (const key of storedKeys(photo)) expect(await storage.get(key)).toBeNull();
    });

    // Last: the clock moves 30 days on.
    it("deletes a visitor's matches 30 days after their last activity, with their photos' files; members' stay", async () => {
      const app = getApp();
      const db = app.database.db;
      const stale = { uid: newUid() };
      const old = await createMatch(app, stale);
      const photo = (await uploadPhoto(app, stale, old.id, await goodPhoto(400, 500))).json<Match>()
        .photos[0]!;
      expect(storedKeys(photo)).toHaveLength(2);
      for (const key of storedKeys(photo)) expect(await storage.get(key)).not.toBeNull();
      const active = { uid: newUid() };
      const kept = await createMatch(app, active);
      const member = { headers: bearer(await signUpByEmail(app)) };
      const members = await createMatch(app, member);

      clock.advance(29 * DAY_MS);
      // Activity starts the visitor's 30 days again.
      expect((await call(app, active, 'POST', `${kept.id}/memory/`, { text: 'Tall' })).statusCode).toBe(201);
      clock.advance(DAY_MS + 1000);
      // The other tests' visitors' matches are past their 30 days too.
      expect(await app.matches.expiry.runOnce()).toBeGreaterThanOrEqual(1);

      expect(await db.select().from(matches).where(eq(matches.id, old.id))).toEqual([]);
      for (const key of storedKeys(photo)) expect(await storage.get(key)).toBeNull();
      expect(await db.select({ id: matches.id }).from(matches).where(eq(matches.id, kept.id))).toHaveLength(
        1,
      );
      expect(
        await db.select({ id: matches.id }).from(matches).where(eq(matches.id, members.id)),
      ).toHaveLength(1);
    });
  },
  {},
  { clock, uploadStorage: storage },
);
