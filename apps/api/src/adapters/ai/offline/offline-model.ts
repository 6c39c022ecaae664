import type { FastifyBaseLogger } from 'fastify';
import type {
  AiModel,
  BioRequest,
  ChatAnswer,
  ChatRequest,
  ModelInfo,
  ReplyChunk,
  SuggestedMessage,
} from '../ports';
import { hashOf, seededRandom } from '../prng';
import { truncate } from '../text';
import { BIO_MAX, writeBio } from './bios';
import { readConversation } from './conversation';
import { answerFollowUp } from './follow-up';
import { analysePhoto } from './photo-analysis';
import { reviewPhotosFromPixels, scorePhoto } from './photo-review';
import { coachingReply, suggestOffline } from './match-coaching';
import { summariseOffline } from './match-memory';
import { detailsOf } from './profile-details';
import { OfferedMessages } from './offered-messages';
import { composeReply } from './replies';
import { writeRoast } from './roasts';

export const OFFLINE_MODEL: ModelInfo = { name: 'wingmate-offline-1', offline: true };
export const REPLY_MAX = 1200;

export type AiLog = Pick<FastifyBaseLogger, 'info' | 'warn'>;

/**
 * The built-in AI: no key, no network. It recognises what is asked, reads the profile and recent turns, and
 * answers from templates chosen by a PRNG seeded with (seed, message), so the same input gives the same reply.
 */
export function offlineModel(log?: AiLog): AiModel {
  log?.info(
    { model: OFFLINE_MODEL.name },
    'AI: using the built-in offline model (set LLM_BASE_URL or LLM_API_KEY for an OpenAI-compatible API)',
  );
  const reply = async (request: ChatRequest): Promise<ChatAnswer> => ({
    ...(await offlineReply(request)),
    model: OFFLINE_MODEL,
  });
  return {
    info: OFFLINE_MODEL,
    reply,
    streamReply: (request) => streamWords(reply(request)),
    generateBio: (request) => Promise.resolve({ body: bioInStyle(request), model: OFFLINE_MODEL }),
    roast: (request) => Promise.resolve({ body: writeRoast(request), model: OFFLINE_MODEL }),
    reviewPhotos: async (photos) => ({ ...(await reviewPhotosFromPixels(photos)), model: OFFLINE_MODEL }),
    followUp: (request) => Promise.resolve({ body: answerFollowUp(request), model: OFFLINE_MODEL }),
    suggestReplies: (request) => Promise.resolve({ replies: suggestOffline(request), model: OFFLINE_MODEL }),
    summariseMatch: (request) => Promise.resolve(summariseOffline(request)),
  };
}

/** The bio written, then rewritten toward how the person writes when they gave messages of theirs. */
function bioInStyle(request: BioRequest): string {
  const bio = writeBio(request);
  const adapted = request.style ? request.style.adapt(bio, `bio:${String(request.seed ?? 0)}`) : bio;
  return truncate(adapted, BIO_MAX);
}

/** The reply's text and the messages it offers to send, each as the text quotes it. */
export async function offlineReply(
  request: ChatRequest,
): Promise<{ body: string; suggestions: readonly SuggestedMessage[] }> {
  const conversation = readConversation(request);
  // The helper's choices vary the wording too; a plain chat hashes as it always did.
  const helper = request.helper ? [request.helper.mode ?? '', request.helper.tone ?? ''] : [];
  const random = seededRandom(hashOf(request.seed, request.persona, request.message.body, ...helper));
  const offered = new OfferedMessages(request.style, String(request.seed));
  if (request.match) {
    const body = coachingReply({ ...request, match: request.match }, random, offered);
    return { body: truncate(body, REPLY_MAX), suggestions: offered.messages };
  }
  const image = request.message.image;
  const photoNotes = image?.bytes ? await photoNotesOf(image.bytes) : undefined;
  const body = composeReply({
    persona: request.persona,
    conversation,
    details: detailsOf(request.profile),
    random,
    photoNotes,
    helper: request.helper,
    offered,
  });
  return {
    body: truncate(body.trim() || 'I am here. Tell me a little more?', REPLY_MAX),
    suggestions: offered.messages,
  };
}

async function photoNotesOf(bytes: Uint8Array): Promise<string[] | undefined> {
  try {
    const score = scorePhoto(0, await analysePhoto(bytes));
    return [`I'd give it ${score.score}/100.`, ...score.tips.slice(0, 2)];
  } catch {
    return undefined;
  }
}

/** Streams a finished reply in word-sized chunks (each keeps its following space), then `done`. */
export async function* streamWords(reply: Promise<ChatAnswer>): AsyncIterable<ReplyChunk> {
  const answer = await reply;
  for (const match of answer.body.matchAll(/\S+\s*/gu)) yield { type: 'delta', text: match[0] };
  yield { type: 'done', ...answer };
}
