import type { AddressInfo } from 'node:net';
import {
  codeFromOutbox,
  describeEachDatabase,
  goodPhoto,
  pausedStreamModel,
  testConfig,
  uniqueEmail,
} from '@wingmate/api/testing';
import {
  canRegenerate,
  createAccountDataStore,
  createAccountDeletionStore,
  createBioStore,
  createChatStore,
  createCheckoutStore,
  createClient,
  createPhotosStore,
  createPhotoUploadsStore,
  createSignUpStore,
  createStyleStore,
  createSuggestionOutcomesStore,
  createUserInfoStore,
  createVerificationStore,
  memoryStorage,
  type CardEntryPort,
  type ReadableStore,
  type WingmateClient,
} from '@wingmate/core-sdk';

// A person's whole way through the product as a second app would walk it: Node, no DOM and no React, only
// core-sdk's stores, against the real API on a port (docs/architecture.md#stores-per-contract-group).
const stream = pausedStreamModel();
const configured = testConfig();
const unlimited = { max: 1_000_000, windowSeconds: 60 };

/** The local provider's card form: a card number as `pm_local_<number>`; no bank asks a 3-D Secure step of it. */
const localCard = (number: string): CardEntryPort => ({
  collect: () => Promise.resolve(`pm_local_${number.replaceAll(' ', '')}_1234`),
  handleNextAction: () => Promise.reject(new Error('The local provider never asks for 3-D Secure')),
});

/** Resolves once the store's state passes `test` (now or later). */
function until<S>(store: ReadableStore<S>, test: (state: S) => boolean): Promise<S> {
  return new Promise((resolve) => {
    if (test(store.getState())) return resolve(store.getState());
    const stop = store.subscribe((state) => {
      if (!test(state)) return;
      stop();
      resolve(state);
    });
  });
}

describeEachDatabase(
  'a person through core-sdk stores alone',
  (getApp) => {
    let client: WingmateClient;

    beforeAll(async () => {
      await getApp().listen({ host: '127.0.0.1', port: 0 });
      const { port } = getApp().server.address() as AddressInfo;
      client = createClient({ baseURL: `http://127.0.0.1:${port}`, storage: memoryStorage() });
    });

    // One user info for the journey, as an app makes it once at start: it reloads itself at every sign-in and out.
    let userInfo: ReturnType<typeof createUserInfoStore>;
    beforeAll(() => {
      userInfo = createUserInfoStore(client);
    });
    const remaining = async () => {
      await userInfo.getState().refresh();
      return userInfo.getState().info?.remaining_messages;
    };

    it('walks from a visitor chat to a deleted account', async () => {
      // A visitor's streamed chat spends one free message.
      const freeAtStart = await remaining();
      let chat = createChatStore(client, { onCharged: () => undefined });
      await chat.loadHistory();
      const streamedPieces: string[] = [];
      const watch = chat.subscribe(({ messages }) => {
        const reply = messages.at(-1);
        if (reply?.role === 'ai' && reply.state === 'streaming') streamedPieces.push(reply.body);
      });
      await chat.send('Hi! I have a first date on Friday.', {});
      watch();
      expect(streamedPieces.length).toBeGreaterThan(1);
      expect(chat.getState().messages.map(({ role, state }) => [role, state])).toEqual([
        ['user', 'done'],
        ['ai', 'done'],
      ]);
      const freeLeft = await remaining();
      expect(freeLeft).toBe((freeAtStart ?? 0) - 1);

      // E-mail sign-up, with the code from the outbox: the visitor's chat and spent message come along.
      const email = uniqueEmail('journey');
      const signUp = createSignUpStore(client);
      const password = 'correct horse battery staple';
      expect(await signUp.submit({ method: 'email', email, password, termsAccepted: true })).toEqual({
        kind: 'email-registered',
        email,
      });
      const verification = createVerificationStore(client);
      verification.setCode(await codeFromOutbox(getApp(), email));
      expect(await verification.verifyEmail()).toBe('verified');
      expect(await remaining()).toBe(freeLeft);

      // The cheapest pack, bought with a new card.
      const [pack] = (await client.plans.loadRegular())
        .filter((plan) => plan.plan_type === 'metered')
        .sort((a, b) => Number(a.price) - Number(b.price));
      if (!pack) throw new Error('the catalogue has no message pack');
      const checkout = createCheckoutStore(client);
      await checkout.pay({ planId: pack.id, trial: false }, { card: localCard('4242 4242 4242 4242') });
      expect(checkout.getState().payment.phase).toBe('paid');
      expect(await remaining()).toBe((freeLeft ?? 0) + (pack.messages ?? 0));

      // Member chat: the history carried over, Stop keeps the reply as far as it came, regenerate replaces it.
      chat = createChatStore(client, { onCharged: () => undefined });
      await chat.loadHistory();
      expect(chat.getState().messages).toHaveLength(2);
      stream.pause();
      const stopped = chat.send('What should I wear?', {});
      await until(chat, ({ messages }) => (messages.at(-1)?.body ?? '').length > 0);
      chat.stop();
      await stopped;
      stream.resume();
      const kept = chat.getState().messages.at(-1);
      expect(kept).toMatchObject({ role: 'ai', state: 'stopped' });
      // A stopped reply is not whole, so it is not regenerated; the next whole one is.
      expect(canRegenerate(chat.getState().messages)).toBe(false);
      await chat.send('And which shoes?', {});
      const whole = chat.getState().messages.at(-1);
      expect(canRegenerate(chat.getState().messages)).toBe(true);
      await chat.regenerate({});
      const regenerated = chat.getState().messages.at(-1);
      expect(regenerated).toMatchObject({ role: 'ai', state: 'done' });
      expect(regenerated?.id).not.toBe(whole?.id);
      expect(chat.getState().messages).toHaveLength(6);

      // Sounds like me: the member's own texting is learnt, the helper's openers come in it, scored, and a mark
      // shows in what works (docs/product.md#what-works-for-you).
      const style = createStyleStore(client.style);
      await style.load();
      const own = ['lol same', 'omg no way', 'haha ok', 'wait what', 'lol ok see u', 'nah im good'];
      expect(await style.paste(own.join('\n'))).toBe(true);
      expect(style.getState().style?.words).toContain('Mostly lowercase');
      await chat.send('she loves hiking', { mode: 'opener' });
      const offered = chat.getState().messages.at(-1)?.suggestions ?? [];
      expect(offered.map(({ kind }) => kind)).toEqual(['opener', 'opener', 'opener']);
      expect(offered.every(({ sounds_like_you }) => typeof sounds_like_you === 'number')).toBe(true);
      const outcomes = createSuggestionOutcomesStore(client.style);
      expect(await outcomes.mark(offered[0]!, 'replied')).toBe(true);
      await outcomes.refresh();
      const openers = outcomes.getState().whatWorks?.kinds.find(({ kind }) => kind === 'opener');
      expect(openers?.tones.find(({ tone }) => tone === offered[0]!.tone)).toMatchObject({
        sent: 1,
        replied: 1,
      });

      // A bio generated, its versions written in that style as scored bio lines, one marked; and a photo reviewed.
      const bio = createBioStore(client);
      await bio.load();
      expect(await bio.generate('I climb on weekends and cook too much pasta.')).toBeGreaterThan(0);
      const [line] = bio.getState().versions[0]!.suggestions;
      expect(line).toMatchObject({ kind: 'bio_line', sounds_like_you: expect.any(Number) });
      expect(line!.text).toBe(line!.text.toLowerCase());
      expect(await bio.lines.mark(line!, 'sent')).toBe(true);
      const reopened = createBioStore(client);
      await reopened.load();
      expect(reopened.lines.getState().marks[line!.id]).toMatchObject({ sent: true, outcome: null });
      const photos = createPhotosStore(client);
      await photos.load();
      const uploads = createPhotoUploadsStore(client.datingBio, {
        onUploaded: (image) => photos.addImage(image),
      });
      const photo = Object.assign(new Blob([await goodPhoto()], { type: 'image/jpeg' }), { name: 'me.jpg' });
      uploads.start([photo], 0);
      await until(photos, ({ images }) => images.length === 1);
      expect(await photos.requestReview()).not.toBeNull();

      // Every message spent: the paywall is the chat's state, and the text goes back to the composer.
      for (let sent = 0; !chat.getState().paywall && sent < 300; sent++)
        await chat.send('One more thing.', {});
      expect(chat.getState().failed).toBeNull();
      expect(chat.getState().paywall).toEqual({ text: 'One more thing.' });
      expect(await remaining()).toBe(0);

      // A declined card buys nothing.
      const declined = createCheckoutStore(client);
      await declined.pay({ planId: pack.id, trial: false }, { card: localCard('4000 0000 0000 0002') });
      expect(declined.getState().payment).toMatchObject({ phase: 'failed', error: { status: 402 } });
      expect(await remaining()).toBe(0);

      // The export holds what was made; the deletion ends the session.
      const exported = await createAccountDataStore(client.account).exportData();
      expect(exported).toMatchObject({ user: { email } });
      expect(exported?.payments).toHaveLength(1);
      expect(exported?.dating_bios.length).toBeGreaterThan(0);
      expect(exported?.image_reviews).toHaveLength(1);
      expect(exported?.style?.samples).toEqual(own);
      expect(exported?.suggestions.filter(({ kind }) => kind === 'opener').length).toBeGreaterThanOrEqual(3);
      expect(exported?.suggestions.filter(({ kind }) => kind === 'bio_line').length).toBeGreaterThanOrEqual(
        3,
      );
      const deletion = createAccountDeletionStore(client.account);
      await deletion.deleteAccount({ password });
      expect(client.session.isLoggedIn()).toBe(false);
      // The user info follows: a visitor's again, loaded before the server goes.
      const afterDeletion = await until(
        userInfo,
        (state) => state.status !== 'idle' && state.status !== 'loading',
      );
      expect(afterDeletion).toMatchObject({ status: 'loaded', info: { pk: null, is_member: false } });
    });
  },
  // The journey spends a pack's 50 messages in seconds, faster than the chat's per-minute limits allow a person;
  // every other limit stays as configured.
  { rateLimits: { ...configured.rateLimits, chatPerIp: unlimited, chatPerAccount: unlimited } },
  { ai: stream.model },
);
