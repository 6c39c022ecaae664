import type {
  AuthTokens,
  BioImage,
  HistoryPage,
  ImageVariant,
  MobileChatReply,
} from '@wingmate/api-contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { goodPhoto } from '../testing/test-photos';
import { bioImages } from '../db/schema';
import { giveMessages, multipartPayload, temporaryStorage } from '../testing/chat';
import { bearer, uniqueEmail, uniqueIp } from '../testing/sign-in';
import { describeEachDatabase } from '../testing/test-app';

const PASSWORD = 'correct horse battery staple';
const storage = temporaryStorage();
const newUid = () => crypto.randomUUID();
const bioUrl = (uid: string, rest = '') => `/api/v1/accounts/dating_bio/${uid}/${rest}`;
type Headers = Record<string, string>;

async function uploadBioPhoto(app: FastifyInstance, uid: string, bytes: Uint8Array, headers: Headers = {}) {
  const form = await multipartPayload({ uid }, { image: { bytes, name: 'photo.jpg' } });
  const response = await app.inject({
    method: 'POST',
    url: bioUrl(uid, 'images/create/'),
    payload: form.payload,
    headers: { ...form.headers, ...headers },
    remoteAddress: uniqueIp(),
  });
  expect(response.statusCode).toBe(201);
  return response.json<BioImage>();
}

async function sendChatPhoto(app: FastifyInstance, uid: string, bytes: Uint8Array, headers: Headers = {}) {
  const form = await multipartPayload(
    { unqiue_id: uid, body: 'Is this photo good?' },
    { image: { bytes, name: 'photo.jpg' } },
  );
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/mobile/chat/',
    payload: form.payload,
    headers: { ...form.headers, ...headers },
    remoteAddress: uniqueIp(),
  });
  expect(response.statusCode).toBe(201);
  return response.json<MobileChatReply>();
}

/** The stored file behind a URL of the API's uploads (`/uploads/<key>`), or null once deleted. */
function storedFile(url: string) {
  return storage.get(url.replace(/^\/uploads\//, ''));
}

async function expectAllStored(variants: readonly ImageVariant[]) {
  for (const variant of variants) {
    const file = await storedFile(variant.url);
    expect(file).not.toBeNull();
    const metadata = await sharp(file!.bytes).metadata();
    expect([metadata.width, metadata.height]).toEqual([variant.width, variant.height]);
    expect(metadata.exif).toBeUndefined();
  }
}

async function expectAllDeleted(variants: readonly ImageVariant[]) {
  for (const variant of variants) expect(await storedFile(variant.url)).toBeNull();
}

const widthsOf = (variants: readonly ImageVariant[] | undefined) => variants?.map((variant) => variant.width);

describeEachDatabase(
  'photo widths for srcset (the image records list them; every deletion removes them all: docs/decisions.md#screens)',
  (getApp) => {
    describe('bio photos', () => {
      it('lists 320, 640 and 1080 px widths, smallest first, the original last, on upload and in the list', async () => {
        const app = getApp();
        const uid = newUid();
        const image = await uploadBioPhoto(app, uid, await goodPhoto(1200, 1500));
        expect(image.variants).toEqual([
          { url: expect.stringMatching(/^\/uploads\/bio\/[0-9a-f]{32}-w320\.jpg$/), width: 320, height: 400 },
          { url: expect.stringMatching(/-w640\.jpg$/), width: 640, height: 800 },
          { url: expect.stringMatching(/-w1080\.jpg$/), width: 1080, height: 1350 },
          { url: image.image, width: 1200, height: 1500 },
        ]);
        await expectAllStored(image.variants!);
        const list = await app.inject({ method: 'GET', url: bioUrl(uid, 'images/') });
        expect(list.json<{ results: BioImage[] }>().results).toEqual([image]);
        const served = await app.inject({ method: 'GET', url: image.variants![0]!.url });
        expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'image/jpeg']);
      });

      it('never lists a width above the photo: a 500 px photo has 320 and itself', async () => {
        const image = await uploadBioPhoto(getApp(), newUid(), await goodPhoto(500, 400));
        expect(widthsOf(image.variants)).toEqual([320, 500]);
      });

      it('answers the original only for a photo stored before widths were kept', async () => {
        const app = getApp();
        const uid = newUid();
        const image = await uploadBioPhoto(app, uid, await goodPhoto(400, 400));
        await app.database.db.update(bioImages).set({ widths: [] }).where(eq(bioImages.id, image.id));
        const list = await app.inject({ method: 'GET', url: bioUrl(uid, 'images/') });
        expect(list.json<{ results: BioImage[] }>().results[0]!.variants).toEqual([
          { url: image.image, width: 400, height: 400 },
        ]);
      });

      it('deleting a photo removes every stored width', async () => {
        const app = getApp();
        const uid = newUid();
        const image = await uploadBioPhoto(app, uid, await goodPhoto(1200, 900));
        expect(image.variants).toHaveLength(4);
        const deleted = await app.inject({ method: 'POST', url: bioUrl(uid, `image/${image.id}/delete/`) });
        expect(deleted.statusCode).toBe(204);
        await expectAllDeleted(image.variants!);
      });
    });

    describe('chat photos', () => {
      it('lists the widths on the reply and in the history, and none on a message without a photo', async () => {
        const app = getApp();
        const uid = newUid();
        const sent = await sendChatPhoto(app, uid, await goodPhoto(900, 600));
        expect(sent.image_variants).toEqual([
          {
            url: expect.stringMatching(/^\/uploads\/chat\/[0-9a-f]{32}-w320\.jpg$/),
            width: 320,
            height: 213,
          },
          { url: expect.stringMatching(/-w640\.jpg$/), width: 640, height: 427 },
          { url: sent.image, width: 900, height: 600 },
        ]);
        await expectAllStored(sent.image_variants!);
        const history = await app.inject({ method: 'GET', url: `/api/v1/mobile/new_ai_history/?uid=${uid}` });
        const [reply, mine] = history.json<HistoryPage>().results;
        expect(mine).toMatchObject({ id: sent.id, image: sent.image, image_variants: sent.image_variants });
        expect(reply).toMatchObject({ role: 'ai', image: null, image_variants: [] });
      });

      it('deleting the chat history removes every stored width', async () => {
        const app = getApp();
        const uid = newUid();
        const sent = await sendChatPhoto(app, uid, await goodPhoto(1200, 800));
        expect(widthsOf(sent.image_variants)).toEqual([320, 640, 1080, 1200]);
        const response = await app.inject({
          method: 'POST',
          url: '/api/v1/chat/history/delete/',
          payload: { uid },
        });
        expect(response.json()).toEqual({ deleted_messages: 2, deleted_photos: 1 });
        await expectAllDeleted(sent.image_variants!);
      });
    });

    it('deleting the account removes every width of its bio and chat photos', async () => {
      const app = getApp();
      const uid = newUid();
      const signUp = await app.inject({
        method: 'POST',
        url: '/register/email/',
        payload: { email: uniqueEmail(), password: PASSWORD, uid },
        remoteAddress: uniqueIp(),
      });
      expect(signUp.statusCode).toBe(201);
      const tokens = signUp.json<AuthTokens>();
      const headers = bearer(tokens);
      await giveMessages(app, tokens.user.pk, 5);
      const bioPhoto = await uploadBioPhoto(app, uid, await goodPhoto(1100, 1100), headers);
      const chatPhoto = await sendChatPhoto(app, uid, await goodPhoto(700, 700), headers);
      const every = [...bioPhoto.variants!, ...chatPhoto.image_variants!];
      expect(every).toHaveLength(7);
      await expectAllStored(every);

      const deleted = await app.inject({
        method: 'POST',
        url: '/api/v1/accounts/user/delete/',
        headers,
        payload: { password: PASSWORD },
        remoteAddress: uniqueIp(),
      });
      expect(deleted.statusCode).toBe(200);
      await expectAllDeleted(every);
    });
  },
  {},
  { uploadStorage: storage },
);
