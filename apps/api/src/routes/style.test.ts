import type { AuthTokens, Match, Style, StyleProfile, UserExport } from '@wingmate/api-contract';
import { STYLE_LIMITS } from '@wingmate/api-contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { styleProfiles } from '../db/schema';
import { bearer, signUpByEmail, uniqueEmail } from '../testing/sign-in';
import { describeEachDatabase } from '../testing/test-app';

// docs/product.md#sounds-like-me
const PASSWORD = 'correct horse battery staple';
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
  const query = 'uid' in caller ? `?uid=${caller.uid}` : '';
  return app.inject({
    method,
    url: `/api/v1/${path}${query}`,
    headers: 'headers' in caller ? caller.headers : {},
    payload,
  });
}

async function addSamples(app: FastifyInstance, caller: Caller, body: object): Promise<Style> {
  const response = await call(app, caller, 'POST', 'style/samples/', body);
  expect(response.statusCode).toBe(200);
  return response.json<Style>();
}

async function matchWithLines(app: FastifyInstance, caller: Caller, lines: [string, string][]) {
  const match = (await call(app, caller, 'POST', 'matches/', { name: 'Sam' })).json<Match>();
  const added = await call(app, caller, 'POST', `matches/${match.id}/lines/`, {
    lines: lines.map(([side, text]) => ({ side, text })),
  });
  expect(added.statusCode).toBe(201);
  return match;
}

describeEachDatabase('style (/api/v1/style/: docs/product.md#sounds-like-me)', (getApp) => {
  it('has no profile before any message, then learns one from pasted lines, blank ones dropped', async () => {
    const app = getApp();
    const visitor = { uid: newUid() };
    expect((await call(app, visitor, 'GET', 'style/')).json<Style>()).toEqual({
      profile: null,
      words: [],
      sample_count: 0,
      edited: false,
      updated_at: null,
    });

    const style = await addSamples(app, visitor, {
      text: 'lol u free tonight\n\n   \nidk maybe lol\r\nsure thing  ',
    });
    expect(style.sample_count).toBe(3);
    expect(style.edited).toBe(false);
    expect(style.updated_at).toEqual(expect.any(String));
    expect(style.profile).toMatchObject({
      sample_count: 3,
      capitals: { starts_capital: 0, all_lowercase: 1 },
      endings: { none: 1 },
      slang: expect.arrayContaining([{ word: 'lol', rate: 0.667 }]),
    });
    expect(style.words).toEqual(
      expect.arrayContaining(['Mostly lowercase', 'Usually no punctuation at the end']),
    );
    expect((await call(app, visitor, 'GET', 'style/')).json<Style>()).toEqual(style);
  });

  it('appends samples, keeps the newest 500, each cut at 1,000 characters, and learns from all of them', async () => {
    const app = getApp();
    const visitor = { uid: newUid() };
    await addSamples(app, visitor, { text: Array.from({ length: 300 }, () => 'Hello there.').join('\n') });
    const style = await addSamples(app, visitor, {
      text: [...Array.from({ length: 299 }, () => 'hey lol'), 'x'.repeat(1_500)].join('\n'),
    });
    expect(style.sample_count).toBe(STYLE_LIMITS.samplesKept);
    const [row] = await app.database.db
      .select()
      .from(styleProfiles)
      .where(eq(styleProfiles.uid, visitor.uid));
    expect(row!.samples).toHaveLength(500);
    expect(row!.samples.slice(0, 200).every((sample) => sample === 'Hello there.')).toBe(true);
    expect(row!.samples.at(-1)).toHaveLength(STYLE_LIMITS.sampleLength);
    expect(style.profile!.capitals.starts_capital).toBe(0.4);
  });

  it("learns from the person's own side of one of their matches, never the match's lines", async () => {
    const app = getApp();
    const visitor = { uid: newUid() };
    const match = await matchWithLines(app, visitor, [
      ['them', 'Hey! How was your weekend? 😊'],
      ['me', 'omg so good tbh'],
      ['them', 'Nice!!'],
      ['me', 'went hiking lol'],
    ]);
    const style = await addSamples(app, visitor, { match_id: match.id });
    expect(style.sample_count).toBe(2);
    expect(style.profile!.emoji.rate).toBe(0);
    expect(style.profile!.slang.map((use) => use.word)).toEqual(['omg', 'tbh', 'lol']);
  });

  it('answers 400 for neither or both of text and match_id, for text with no message, and a match with none of theirs', async () => {
    const app = getApp();
    const visitor = { uid: newUid() };
    const match = await matchWithLines(app, visitor, [['them', 'Hi there']]);
    const neither = await call(app, visitor, 'POST', 'style/samples/', {});
    expect(neither.statusCode).toBe(400);
    expect(Object.keys(neither.json<object>())).toEqual(['text', 'match_id']);
    const both = await call(app, visitor, 'POST', 'style/samples/', { text: 'hey', match_id: match.id });
    expect(both.statusCode).toBe(400);
    expect(Object.keys(both.json<object>())).toContain('match_id');
    const blank = await call(app, visitor, 'POST', 'style/samples/', { text: ' \n \n' });
    expect(blank.statusCode).toBe(400);
    expect(Object.keys(blank.json<object>())).toEqual(['text']);
    const noneOfTheirs = await call(app, visitor, 'POST', 'style/samples/', { match_id: match.id });
    expect(noneOfTheirs.statusCode).toBe(400);
    expect(Object.keys(noneOfTheirs.json<object>())).toEqual(['match_id']);
    const tooLong = await call(app, visitor, 'POST', 'style/samples/', {
      text: 'a'.repeat(STYLE_LIMITS.pastedLength + 1),
    });
    expect(tooLong.statusCode).toBe(400);
    expect((await call(app, visitor, 'GET', 'style/')).json<Style>().profile).toBeNull();
  });

  it('edits the profile by hand (404 before any message), learning again replaces the edit, and deletes it all', async () => {
    const app = getApp();
    const visitor = { uid: newUid() };
    const learnt = (await addSamples(app, visitor, { text: 'Hello there.\nSee you soon.' })).profile!;
    const edit: StyleProfile = { ...learnt, slang: [{ word: 'lol', rate: 0.9 }] };
    expect((await call(app, { uid: newUid() }, 'PUT', 'style/profile/', edit)).statusCode).toBe(404);

    const edited = await call(app, visitor, 'PUT', 'style/profile/', { ...edit, mood: 'sunny' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<Style>()).toMatchObject({ profile: edit, edited: true, sample_count: 2 });
    expect(edited.json<Style>().words).toContain('Says lol');
    const [row] = await app.database.db
      .select()
      .from(styleProfiles)
      .where(eq(styleProfiles.uid, visitor.uid));
    expect(row!.profile).toEqual(edit);

    const badShare = await call(app, visitor, 'PUT', 'style/profile/', { ...edit, question_rate: 2 });
    expect(badShare.statusCode).toBe(400);

    const relearnt = await addSamples(app, visitor, { text: 'Great.' });
    expect(relearnt).toMatchObject({ edited: false, sample_count: 3 });
    expect(relearnt.profile!.slang).toEqual([]);

    expect((await call(app, visitor, 'DELETE', 'style/')).statusCode).toBe(204);
    expect((await call(app, visitor, 'GET', 'style/')).json<Style>().profile).toBeNull();
    expect(
      await app.database.db.select().from(styleProfiles).where(eq(styleProfiles.uid, visitor.uid)),
    ).toEqual([]);
  });

  it("keeps each person's style apart: another person's match is 404, a member's uid without its token 403", async () => {
    const app = getApp();
    const member = { headers: bearer(await signUpByEmail(app)) };
    const visitor = { uid: newUid() };
    await addSamples(app, member, { text: 'Hello there.' });
    expect((await call(app, visitor, 'GET', 'style/')).json<Style>().profile).toBeNull();

    const theirs = await matchWithLines(app, member, [['me', 'my own words']]);
    const refused = await call(app, visitor, 'POST', 'style/samples/', { match_id: theirs.id });
    expect(refused.statusCode).toBe(404);
    expect((await call(app, visitor, 'POST', 'style/samples/', { match_id: 999_999 })).statusCode).toBe(404);

    const uid = newUid();
    const signUp = await app.inject({
      method: 'POST',
      url: '/register/email/',
      payload: { email: uniqueEmail(), password: PASSWORD, uid },
    });
    expect(signUp.statusCode).toBe(201);
    expect((await call(app, { uid }, 'GET', 'style/')).statusCode).toBe(403);
    expect((await call(app, { uid }, 'POST', 'style/samples/', { text: 'hi' })).statusCode).toBe(403);
    expect((await call(app, { uid }, 'DELETE', 'style/')).statusCode).toBe(403);
  });

  it("moves a visitor's style to a new account, exports it, and deletes it with the account", async () => {
    const app = getApp();
    const db = app.database.db;
    const uid = newUid();
    const visitorStyle = await addSamples(app, { uid }, { text: 'heyy lol\nsee ya x' });
    const signUp = await app.inject({
      method: 'POST',
      url: '/register/email/',
      payload: { email: uniqueEmail(), password: PASSWORD, uid },
    });
    const member = { headers: bearer(signUp.json<AuthTokens>()) };
    expect((await call(app, member, 'GET', 'style/')).json<Style>()).toEqual(visitorStyle);

    const exported = (
      await app.inject({ method: 'GET', url: '/api/v1/accounts/user/export/', headers: member.headers })
    ).json<UserExport>();
    expect(exported.style).toEqual({
      samples: ['heyy lol', 'see ya x'],
      profile: visitorStyle.profile,
      edited: false,
      updated_at: visitorStyle.updated_at,
    });

    const deleted = await app.inject({
      method: 'POST',
      url: '/api/v1/accounts/user/delete/',
      headers: member.headers,
      payload: { password: PASSWORD },
    });
    expect(deleted.statusCode).toBe(200);
    expect(await db.select().from(styleProfiles).where(eq(styleProfiles.uid, uid))).toEqual([]);
  });

  it("keeps the account's own style on sign-in from a visitor with one, and drops the visitor's", async () => {
    const app = getApp();
    const db = app.database.db;
    const email = uniqueEmail();
    const tokens = await signUpByEmail(app, email, PASSWORD);
    const own = await addSamples(app, { headers: bearer(tokens) }, { text: 'Good morning.' });
    const uid = newUid();
    await addSamples(app, { uid }, { text: 'yo lol' });

    const signIn = await app.inject({
      method: 'POST',
      url: '/register/login/',
      payload: { email, password: PASSWORD, uid },
    });
    expect(signIn.statusCode).toBe(200);
    const member = { headers: bearer(signIn.json<AuthTokens>()) };
    expect((await call(app, member, 'GET', 'style/')).json<Style>()).toEqual(own);
    expect(await db.select().from(styleProfiles).where(eq(styleProfiles.uid, uid))).toEqual([]);
  });
});
