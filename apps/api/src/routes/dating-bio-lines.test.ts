import type { BioVersion, DatingBio, SuggestionState, WhatWorks } from '@wingmate/api-contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { suggestions } from '../db/schema';
import { soundsLikeScore } from '../services/style/sounds-like';
import { personalStyleOf } from '../services/style/styles';
import { uniqueIp } from '../testing/sign-in';
import { describeEachDatabase } from '../testing/test-app';

const newUid = () => crypto.randomUUID();
const bioUrl = (uid: string, rest = '') => `/api/v1/accounts/dating_bio/${uid}/${rest}`;
const LOWERCASE_TEXTER = ['lol same', 'omg no way', 'haha ok', 'wait what', 'lol ok see u', 'nah im good'];

function call(app: FastifyInstance, method: 'GET' | 'POST', url: string, payload?: object) {
  return app.inject({ method, url, payload, remoteAddress: uniqueIp() });
}

async function bioOf(app: FastifyInstance, uid: string): Promise<DatingBio> {
  const response = await call(app, 'POST', '/api/v1/accounts/dating_bio/', {
    uid,
    text: 'I love hiking, tacos and terrible puns. My dog Rex judges my cooking.',
  });
  expect(response.statusCode).toBe(201);
  return response.json<DatingBio>();
}

async function generated(
  app: FastifyInstance,
  uid: string,
  bio: DatingBio,
  tone: string,
): Promise<BioVersion> {
  const response = await call(app, 'POST', bioUrl(uid, `${bio.id}/generate/`), { tone });
  expect(response.statusCode).toBe(201);
  return response.json<BioVersion>();
}

async function giveSamples(app: FastifyInstance, uid: string, samples: readonly string[]) {
  const response = await call(app, 'POST', `/api/v1/style/samples/?uid=${uid}`, { text: samples.join('\n') });
  expect(response.statusCode).toBe(200);
}

const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

describeEachDatabase('bio versions offered as bio lines (docs/product.md#what-works-for-you)', (getApp) => {
  it('offers a generated version as one bio line in the nearest tone, kept on the bio with its marks', async () => {
    const app = getApp();
    const uid = newUid();
    const bio = await bioOf(app, uid);
    const version = await generated(app, uid, bio, 'witty');
    expect(version.suggestions).toEqual([
      { id: expect.any(String), kind: 'bio_line', tone: 'witty', text: version.text, sounds_like_you: null },
    ]);
    const read = (await call(app, 'GET', bioUrl(uid))).json<DatingBio>();
    expect(read.generated).toEqual([version]);

    const line = version.suggestions[0]!;
    const marked = await call(app, 'POST', `/api/v1/suggestions/${line.id}/outcome/?uid=${uid}`, {
      outcome: 'replied',
    });
    expect(marked.statusCode).toBe(200);
    expect(marked.json<SuggestionState>()).toMatchObject({
      kind: 'bio_line',
      sent: true,
      outcome: 'replied',
    });
    expect(version.marks).toEqual([]);
    const reread = (await call(app, 'GET', bioUrl(uid))).json<DatingBio>();
    expect(reread.generated[0]!.marks).toEqual([
      { id: line.id, kind: 'bio_line', tone: 'witty', sent: true, outcome: 'replied', match_id: null },
    ]);
    const works = (await call(app, 'GET', `/api/v1/suggestions/what-works/?uid=${uid}`)).json<WhatWorks>();
    const bioLines = works.kinds.find((kind) => kind.kind === 'bio_line');
    expect(bioLines?.tones.find((tone) => tone.tone === 'witty')).toMatchObject({ sent: 1, replied: 1 });
  });

  it('maps each bio tone to a suggestion tone: warm sincere, bold and minimal confident', async () => {
    const app = getApp();
    const uid = newUid();
    const bio = await bioOf(app, uid);
    const tones: string[] = [];
    for (const tone of ['warm', 'bold', 'minimal']) {
      tones.push((await generated(app, uid, bio, tone)).suggestions[0]!.tone);
    }
    expect(tones).toEqual(['sincere', 'confident', 'confident']);
  });

  it('offers a rewrite as a bio line in the tone it was written in ("make it funnier": witty)', async () => {
    const app = getApp();
    const uid = newUid();
    const bio = await bioOf(app, uid);
    const response = await call(app, 'POST', bioUrl(uid, `${bio.id}/generate/create/`), {
      response_text: 'make it funnier',
    });
    expect(response.statusCode).toBe(201);
    const version = response.json<BioVersion>();
    expect(version.suggestions).toEqual([expect.objectContaining({ kind: 'bio_line', tone: 'witty' })]);
  });

  it("writes the bio in the person's style, whole, and scores it against their profile", async () => {
    const app = getApp();
    const styled = newUid();
    await giveSamples(app, styled, LOWERCASE_TEXTER);
    const version = await generated(app, styled, await bioOf(app, styled), 'warm');
    // All lowercase, as this person texts, yet as long as a bio: a few-word texter's length does not cut it.
    expect(version.text).toBe(version.text.toLowerCase());
    expect(wordCount(version.text)).toBeGreaterThan(12);
    expect(version.suggestions[0]).toMatchObject({ text: version.text, tone: 'sincere' });
    expect(version.suggestions[0]!.sounds_like_you).toEqual(expect.any(Number));

    const plain = newUid();
    const unstyled = await generated(app, plain, await bioOf(app, plain), 'warm');
    expect(unstyled.text).not.toBe(unstyled.text.toLowerCase());
    expect(version.suggestions[0]!.sounds_like_you).toBeGreaterThan(
      (await scoreOf(app, styled, unstyled.text)) ?? 100,
    );
  });

  it("stores the line as the person's suggestion, outside any match", async () => {
    const app = getApp();
    const uid = newUid();
    const version = await generated(app, uid, await bioOf(app, uid), 'bold');
    const [stored] = await app.database.db
      .select()
      .from(suggestions)
      .where(eq(suggestions.id, version.suggestions[0]!.id));
    expect(stored).toMatchObject({
      uid,
      kind: 'bio_line',
      tone: 'confident',
      text: version.text,
      matchId: null,
    });
  });
});

/** The "sounds like you" score a visitor's profile gives a text. */
async function scoreOf(app: FastifyInstance, uid: string, text: string): Promise<number | null> {
  const style = await personalStyleOf(app.database.db, { kind: 'visitor', uid });
  return style ? soundsLikeScore(text, style.profile) : null;
}
