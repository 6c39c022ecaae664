import type { BioImage, BioVersion, DatingBio, ImageReview, ImageReviewPage } from '@wingmate/api-contract';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { goodPhoto } from '../testing/test-photos';
import { multipartPayload, temporaryStorage } from '../testing/chat';
import { bearer, signUpByEmail, testClock, uniqueIp } from '../testing/sign-in';
import { describeEachDatabase } from '../testing/test-app';
import { pngClaiming } from '../testing/test-images';

const storage = temporaryStorage();
const newUid = () => crypto.randomUUID();
const bioUrl = (uid: string, rest = '') => `/api/v1/accounts/dating_bio/${uid}/${rest}`;

async function createBio(app: FastifyInstance, uid: string, text = 'I love hiking and tacos.', headers = {}) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/accounts/dating_bio/',
    payload: { uid, text },
    headers,
  });
  expect(response.statusCode).toBe(201);
  return response.json<DatingBio>();
}

async function upload(app: FastifyInstance, uid: string, bytes: Uint8Array, headers = {}) {
  const form = await multipartPayload({ uid }, { image: { bytes, name: 'photo.jpg' } });
  return app.inject({
    method: 'POST',
    url: bioUrl(uid, 'images/create/'),
    payload: form.payload,
    headers: { ...form.headers, ...headers },
  });
}

describeEachDatabase(
  'dating bio (dating_bio/...: docs/product.md#account-calls; docs/decisions.md#chat-bio-and-profile-appsapi)',
  (getApp) => {
    describe('bios', () => {
      it('creates a bio by uid and reads it back by uid', async () => {
        const app = getApp();
        const uid = newUid();
        const created = await createBio(app, uid);
        expect(created).toEqual({
          id: expect.any(Number),
          uid,
          text: 'I love hiking and tacos.',
          created_at: expect.any(String),
          updated_at: expect.any(String),
          generated: [],
        });
        const read = await app.inject({ method: 'GET', url: bioUrl(uid) });
        expect(read.json()).toEqual(created);
      });

      it('answers 404 for a uid with no bio yet', async () => {
        expect((await getApp().inject({ method: 'GET', url: bioUrl(newUid()) })).statusCode).toBe(404);
      });

      it('writes an AI version in the tone asked, listed newest first on the bio', async () => {
        const app = getApp();
        const uid = newUid();
        const bio = await createBio(app, uid);
        const response = await app.inject({
          method: 'POST',
          url: bioUrl(uid, `${bio.id}/generate/`),
          payload: { tone: 'funny' },
        });
        expect(response.statusCode).toBe(201);
        const version = response.json<BioVersion>();
        expect(version).toMatchObject({ tone: 'funny', instruction: null });
        expect(version.text.length).toBeGreaterThan(0);
        const read = (await app.inject({ method: 'GET', url: bioUrl(uid) })).json<DatingBio>();
        expect(read.generated).toEqual([version]);
      });

      it('writes a version without a tone, picking one (the tone is optional)', async () => {
        const app = getApp();
        const uid = newUid();
        const bio = await createBio(app, uid);
        const response = await app.inject({
          method: 'POST',
          url: bioUrl(uid, `${bio.id}/generate/`),
          payload: {},
        });
        expect(response.statusCode).toBe(201);
        expect(response.json<BioVersion>().tone).toEqual(expect.any(String));
      });

      it('rewrites a bio as asked ("make it funnier"), keeping the instruction', async () => {
        const app = getApp();
        const uid = newUid();
        const bio = await createBio(app, uid);
        const response = await app.inject({
          method: 'POST',
          url: bioUrl(uid, `${bio.id}/generate/create/`),
          payload: { response_text: 'make it funnier' },
        });
        expect(response.statusCode).toBe(201);
        expect(response.json<BioVersion>()).toMatchObject({ tone: null, instruction: 'make it funnier' });
      });

      it("replaces a bio's text with update/", async () => {
        const app = getApp();
        const uid = newUid();
        const bio = await createBio(app, uid);
        const response = await app.inject({
          method: 'POST',
          url: bioUrl(uid, `${bio.id}/update/`),
          payload: { text: 'Climber, cook, terrible at puns.' },
        });
        expect(response.statusCode).toBe(200);
        expect(response.json<DatingBio>()).toMatchObject({
          id: bio.id,
          text: 'Climber, cook, terrible at puns.',
        });
      });

      it("answers 404 for another visitor's bio id, never showing or changing it", async () => {
        const app = getApp();
        const theirs = await createBio(app, newUid(), 'Their bio');
        const mine = newUid();
        await createBio(app, mine);
        for (const rest of ['generate/', 'update/', 'generate/create/']) {
          const response = await app.inject({
            method: 'POST',
            url: bioUrl(mine, `${theirs.id}/${rest}`),
            payload: { text: 'hijacked', response_text: 'x', tone: 'bold' },
          });
          expect(response.statusCode).toBe(404);
        }
      });

      it("needs the account's token for a uid that belongs to an account (403), and answers 404 for another user's uid", async () => {
        const app = getApp();
        const uid = newUid();
        const registered = await app.inject({
          method: 'POST',
          url: '/register/email/',
          payload: { email: `bio.${uid}@example.com`, password: 'correct horse battery staple', uid },
          remoteAddress: uniqueIp(),
        });
        const owner = registered.json<{ access: string }>();
        await createBio(app, uid, 'Owner bio', bearer(owner));
        expect((await app.inject({ method: 'GET', url: bioUrl(uid) })).statusCode).toBe(403);
        const other = await signUpByEmail(app);
        expect(
          (await app.inject({ method: 'GET', url: bioUrl(uid), headers: bearer(other) })).statusCode,
        ).toBe(403);
        const visitorUid = newUid();
        await createBio(app, visitorUid, 'A visitor bio');
        const signedInElsewhere = await app.inject({
          method: 'GET',
          url: bioUrl(visitorUid),
          headers: bearer(other),
        });
        expect(signedInElsewhere.statusCode).toBe(404);
        const mine = await app.inject({ method: 'GET', url: bioUrl(uid), headers: bearer(owner) });
        expect(mine.json<DatingBio>().text).toBe('Owner bio');
      });
    });

    describe('photos', () => {
      it('uploads a photo, lists it and serves the cleaned copy with an image type', async () => {
        const app = getApp();
        const uid = newUid();
        const response = await upload(app, uid, await goodPhoto(800, 1000));
        expect(response.statusCode).toBe(201);
        const image = response.json<BioImage>();
        expect(image).toEqual({
          id: expect.any(Number),
          image: expect.stringMatching(/^\/uploads\/bio\/[0-9a-f]{32}\.jpg$/),
          width: 800,
          height: 1000,
          variants: [
            { url: expect.stringMatching(/-w320\.jpg$/), width: 320, height: 400 },
            { url: expect.stringMatching(/-w640\.jpg$/), width: 640, height: 800 },
            { url: expect.any(String), width: 800, height: 1000 },
          ],
          created_at: expect.any(String),
        });
        expect(image.variants!.at(-1)!.url).toBe(image.image);
        const list = await app.inject({ method: 'GET', url: bioUrl(uid, 'images/') });
        expect(list.json()).toMatchObject({ count: 1, results: [image] });
        const served = await app.inject({ method: 'GET', url: image.image });
        expect(served.statusCode).toBe(200);
        expect(served.headers['content-type']).toBe('image/jpeg');
        expect(served.headers['x-content-type-options']).toBe('nosniff');
      });

      // docs/decisions.md#uploaded-photos-are-cached-privately-and-revalidated: a deleted photo must not outlive its
      // deletion in any cache.
      it('lets only the browser keep a photo, revalidated each time, so a deleted photo is gone at once', async () => {
        const app = getApp();
        const uid = newUid();
        const image = (await upload(app, uid, await goodPhoto(400, 400))).json<BioImage>();
        const served = await app.inject({ method: 'GET', url: image.image });
        expect(served.headers['cache-control']).toBe('private, no-cache');
        const etag = String(served.headers.etag);
        expect(etag).toMatch(/^"[^"]+"$/);
        const unchanged = await app.inject({
          method: 'GET',
          url: image.image,
          headers: { 'if-none-match': etag },
        });
        expect(unchanged.statusCode).toBe(304);
        expect(unchanged.headers['cache-control']).toBe('private, no-cache');
        expect(unchanged.rawPayload.length).toBe(0);

        await app.inject({ method: 'POST', url: bioUrl(uid, `image/${image.id}/delete/`) });
        const afterDeletion = await app.inject({
          method: 'GET',
          url: image.image,
          headers: { 'if-none-match': etag },
        });
        expect(afterDeletion.statusCode).toBe(404);
      });

      it('stores a photo taken with GPS EXIF without any EXIF', async () => {
        const app = getApp();
        const withGps = await sharp(await goodPhoto(600, 600))
          .jpeg()
          .withExif({ IFD0: { Make: 'PhoneCo' }, IFD3: { GPSLatitudeRef: 'N', GPSLongitudeRef: 'W' } })
          .toBuffer();
        expect((await sharp(withGps).metadata()).exif).toBeDefined();
        const image = (await upload(app, newUid(), withGps)).json<BioImage>();
        const stored = await storage.get(image.image.replace('/uploads/', ''));
        expect(stored).not.toBeNull();
        expect((await sharp(stored!.bytes).metadata()).exif).toBeUndefined();
        expect(stored!.bytes.includes(Buffer.from('PhoneCo'))).toBe(false);
      });

      it('refuses a text file named photo.jpg (415)', async () => {
        const response = await upload(getApp(), newUid(), Buffer.from('this is text, not a photo'));
        expect(response.statusCode).toBe(415);
        expect(response.json<{ detail: string }>().detail).toMatch(/JPEG, PNG or WebP/);
      });

      it('refuses an 11 MB upload (413)', async () => {
        const big = Buffer.alloc(11 * 1024 * 1024, 7);
        big.set([0xff, 0xd8, 0xff], 0);
        const response = await upload(getApp(), newUid(), big);
        expect(response.statusCode).toBe(413);
        expect(response.json<{ detail: string }>().detail).toMatch(/10 MB/);
      });

      it('refuses a 50-megapixel image (413)', async () => {
        const response = await upload(getApp(), newUid(), pngClaiming(10_000, 5_000));
        expect(response.statusCode).toBe(413);
        expect(response.json<{ detail: string }>().detail).toMatch(/50\.0 megapixels/);
      });

      it('answers a truncated JPEG with a 400 on image', async () => {
        const jpeg = await goodPhoto(800, 600);
        const response = await upload(getApp(), newUid(), jpeg.subarray(0, Math.floor(jpeg.length * 0.6)));
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ image: [expect.stringMatching(/damaged or incomplete/)] });
      });

      it("answers 404 for deleting another user's photo, and deletes one's own (204)", async () => {
        const app = getApp();
        const owner = newUid();
        const image = (await upload(app, owner, await goodPhoto(400, 400))).json<BioImage>();
        const other = newUid();
        const stolen = await app.inject({ method: 'POST', url: bioUrl(other, `image/${image.id}/delete/`) });
        expect(stolen.statusCode).toBe(404);
        const deleted = await app.inject({ method: 'POST', url: bioUrl(owner, `image/${image.id}/delete/`) });
        expect(deleted.statusCode).toBe(204);
        expect((await app.inject({ method: 'GET', url: image.image })).statusCode).toBe(404);
      });

      it('serves nothing outside the uploads folder', async () => {
        const app = getApp();
        for (const url of [
          '/uploads/../package.json',
          '/uploads/bio/%2e%2e%2f%2e%2e%2fsecret.jpg',
          '/uploads/x.html',
        ]) {
          expect((await app.inject({ method: 'GET', url })).statusCode).toBe(404);
        }
      });
    });

    describe('photo reviews', () => {
      it('reviews the current photos once: asking again returns the same review; a new photo makes a new one', async () => {
        const app = getApp();
        const uid = newUid();
        const first = (await upload(app, uid, await goodPhoto(600, 750))).json<BioImage>();
        const review = await app.inject({ method: 'GET', url: bioUrl(uid, 'image_review/create/') });
        expect(review.statusCode).toBe(200);
        const reviewed = review.json<ImageReview>();
        expect(reviewed).toMatchObject({ images: [first.id], follow_ups: [], model: { offline: true } });
        expect(reviewed.photos.map((photo) => photo.image)).toEqual([first.id]);
        const again = await app.inject({ method: 'GET', url: bioUrl(uid, 'image_review/create/') });
        expect(again.json()).toEqual(reviewed);
        const second = (await upload(app, uid, await goodPhoto(500, 500))).json<BioImage>();
        const newer = (
          await app.inject({ method: 'GET', url: bioUrl(uid, 'image_review/create/') })
        ).json<ImageReview>();
        expect(newer.id).not.toBe(reviewed.id);
        expect(newer.images).toEqual([first.id, second.id]);
        const list = (
          await app.inject({ method: 'GET', url: bioUrl(uid, 'image_review/') })
        ).json<ImageReviewPage>();
        expect(list.results.map((item) => item.id)).toEqual([newer.id, reviewed.id]);
      });

      it('answers 400 when there are no photos to review', async () => {
        const response = await getApp().inject({
          method: 'GET',
          url: bioUrl(newUid(), 'image_review/create/'),
        });
        expect(response.statusCode).toBe(400);
      });

      it('answers a follow-up question about the latest review, kept on the review', async () => {
        const app = getApp();
        const uid = newUid();
        await upload(app, uid, await goodPhoto(600, 750));
        await app.inject({ method: 'GET', url: bioUrl(uid, 'image_review/create/') });
        const response = await app.inject({
          method: 'POST',
          url: bioUrl(uid, 'image_review/generate/create/'),
          payload: { response_text: 'Which photo should be my first?' },
        });
        expect(response.statusCode).toBe(201);
        expect(response.json()).toEqual({
          question: 'Which photo should be my first?',
          answer: expect.any(String),
          created_at: expect.any(String),
        });
        const list = (
          await app.inject({ method: 'GET', url: bioUrl(uid, 'image_review/') })
        ).json<ImageReviewPage>();
        expect(list.results[0]!.follow_ups).toHaveLength(1);
      });

      it('answers 404 to a follow-up before any review', async () => {
        const response = await getApp().inject({
          method: 'POST',
          url: bioUrl(newUid(), 'image_review/generate/create/'),
          payload: { response_text: 'Well?' },
        });
        expect(response.statusCode).toBe(404);
      });
    });

    it("moves a visitor's bio, photos, reviews, chat and questionnaire answers to the account it signs up with", async () => {
      const app = getApp();
      const uid = newUid();
      const bio = await createBio(app, uid);
      await upload(app, uid, await goodPhoto(500, 600));
      const review = (
        await app.inject({ method: 'GET', url: bioUrl(uid, 'image_review/create/') })
      ).json<ImageReview>();
      await app.inject({
        method: 'POST',
        url: '/api/v1/chat/',
        payload: { uid, body: 'hello' },
        remoteAddress: uniqueIp(),
      });
      const questionnaires = await app.inject({ method: 'GET', url: '/api/v1/accounts/questionnaires/' });
      const questionnaire = questionnaires.json<{
        results: { id: number; questions: { id: number; kind: string }[] }[];
      }>().results[0]!;
      const question = questionnaire.questions.find((item) => item.kind === 'text')!;
      await app.inject({
        method: 'POST',
        url: `/api/v1/accounts/questionnaires/${questionnaire.id}/answer/create/`,
        payload: { uid, answers: [{ question: question.id, text: 'Keeping chats going' }] },
      });
      const registered = await app.inject({
        method: 'POST',
        url: '/register/email/',
        payload: { email: `mover.${uid}@example.com`, password: 'correct horse battery staple', uid },
        remoteAddress: uniqueIp(),
      });
      const tokens = registered.json<{ access: string }>();
      const read = await app.inject({ method: 'GET', url: bioUrl(uid), headers: bearer(tokens) });
      expect(read.json<DatingBio>().id).toBe(bio.id);
      const images = await app.inject({
        method: 'GET',
        url: bioUrl(uid, 'images/'),
        headers: bearer(tokens),
      });
      expect(images.json<{ count: number }>().count).toBe(1);
      const again = await app.inject({
        method: 'GET',
        url: bioUrl(uid, 'image_review/create/'),
        headers: bearer(tokens),
      });
      expect(again.json<ImageReview>().id).toBe(review.id);
      const history = await app.inject({
        method: 'GET',
        url: '/api/v1/mobile/new_ai_history/',
        headers: bearer(tokens),
      });
      expect(history.json<{ count: number }>().count).toBe(2);
      const answers = await app.inject({
        method: 'GET',
        url: `/api/v1/accounts/questionnaires/answers/${questionnaire.id}/`,
        headers: bearer(tokens),
      });
      expect(answers.json()).toMatchObject({
        answers: [{ question: question.id, text: 'Keeping chats going' }],
      });
      expect((await app.inject({ method: 'GET', url: bioUrl(uid) })).statusCode).toBe(403);
    });
  },
  {},
  { uploadStorage: storage },
);

const limitsClock = testClock();

describeEachDatabase(
  'hourly limits of AI calls and uploads (docs/decisions.md#money-chat-uploads-and-ai-limits)',
  (getApp) => {
    const generate = (uid: string, bioId: number, ip: string, headers: Record<string, string> = {}) =>
      getApp().inject({
        method: 'POST',
        url: bioUrl(uid, `${bioId}/generate/`),
        payload: { tone: 'witty' },
        headers,
        remoteAddress: ip,
      });

    it("limits a visitor's AI calls per uid: 429 {detail} with Retry-After, open again after the hour", async () => {
      const uid = newUid();
      const ip = uniqueIp();
      const bio = await createBio(getApp(), uid);
      for (let n = 0; n < 3; n++) expect((await generate(uid, bio.id, ip)).statusCode).toBe(201);
      const refused = await generate(uid, bio.id, uniqueIp());
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ detail: expect.stringMatching(/throttled/) });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      const rewrite = await getApp().inject({
        method: 'POST',
        url: bioUrl(uid, `${bio.id}/generate/create/`),
        payload: { response_text: 'make it funnier' },
        remoteAddress: uniqueIp(),
      });
      expect(rewrite.statusCode).toBe(429);
      limitsClock.advance(60 * 60 * 1000);
      expect((await generate(uid, bio.id, uniqueIp())).statusCode).toBe(201);
    });

    it('limits AI calls per IP across new uids, so parallel generations from one address stop at the limit', async () => {
      const ip = uniqueIp();
      const bios = await Promise.all(
        Array.from({ length: 10 }, async () => {
          const uid = newUid();
          return { uid, bio: await createBio(getApp(), uid) };
        }),
      );
      const answers = await Promise.all(bios.map(({ uid, bio }) => generate(uid, bio.id, ip)));
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([
        201,
        201,
        201,
        ...Array(7).fill(429),
      ]);
    });

    it('gives a signed-in member AI_LIMIT_MEMBER_PER_HOUR, more than a visitor', async () => {
      const tokens = await signUpByEmail(getApp());
      const uid = newUid();
      const bio = await createBio(getApp(), uid, 'I run marathons.', bearer(tokens));
      const ip = uniqueIp();
      for (let n = 0; n < 5; n++) {
        expect((await generate(uid, bio.id, ip, bearer(tokens))).statusCode).toBe(201);
      }
      expect((await generate(uid, bio.id, uniqueIp(), bearer(tokens))).statusCode).toBe(429);
    });

    it('counts photo reviews and follow-ups, but not a repeated review answered from the stored one', async () => {
      const uid = newUid();
      const ip = uniqueIp();
      await upload(getApp(), uid, await goodPhoto(400, 500));
      const review = () =>
        getApp().inject({ method: 'GET', url: bioUrl(uid, 'image_review/create/'), remoteAddress: ip });
      for (let n = 0; n < 4; n++) expect((await review()).statusCode).toBe(200);
      const followUp = () =>
        getApp().inject({
          method: 'POST',
          url: bioUrl(uid, 'image_review/generate/create/'),
          payload: { response_text: 'Which one first?' },
          remoteAddress: ip,
        });
      expect((await followUp()).statusCode).toBe(201);
      expect((await followUp()).statusCode).toBe(201);
      expect((await followUp()).statusCode).toBe(429);
    });

    it('limits photo uploads per uid and per IP (429 before the form is read)', async () => {
      const ip = uniqueIp();
      const photo = await goodPhoto(300, 300);
      const sendFrom = async (uid: string) => {
        const form = await multipartPayload({ uid }, { image: { bytes: photo, name: 'photo.jpg' } });
        return getApp().inject({
          method: 'POST',
          url: bioUrl(uid, 'images/create/'),
          payload: form.payload,
          headers: form.headers,
          remoteAddress: ip,
        });
      };
      const uid = newUid();
      for (let n = 0; n < 3; n++) expect((await sendFrom(uid)).statusCode).toBe(201);
      const refused = await sendFrom(newUid());
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
    });
  },
  { usageLimits: { aiVisitorPerHour: 3, aiMemberPerHour: 5, uploadsPerHour: 3 } },
  { uploadStorage: storage, clock: limitsClock },
);

describeEachDatabase(
  'the 9-photo cap under concurrency (docs/decisions.md#money-chat-uploads-and-ai-limits)',
  (getApp) => {
    it('keeps exactly 9 photos when 20 uploads of one visitor arrive at once', async () => {
      const uid = newUid();
      const photo = await goodPhoto(320, 400);
      const answers = await Promise.all(Array.from({ length: 20 }, () => upload(getApp(), uid, photo)));
      expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(9);
      expect(answers.filter((answer) => answer.statusCode === 400)).toHaveLength(11);
      const page = await getApp().inject({ method: 'GET', url: bioUrl(uid, 'images/') });
      expect(page.json<{ count: number }>().count).toBe(9);
    });
  },
  { usageLimits: { aiVisitorPerHour: 30, aiMemberPerHour: 120, uploadsPerHour: 100 } },
  { uploadStorage: storage },
);
