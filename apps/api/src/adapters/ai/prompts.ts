import type {
  ChatCompletionContentPart,
  ChatCompletionMessageParam,
} from 'openai/resources/chat/completions';
import type { RoastIntensity } from '@wingmate/api-contract';
import type {
  BioRequest,
  ChatRequest,
  FollowUpRequest,
  Persona,
  PhotoInput,
  ReplyHelper,
  ReplyMode,
  ReplyTone,
  RoastRequest,
  UserProfile,
} from './ports';
import { PROTECTED_TRAITS } from './protected-traits';
import { truncate } from './text';

/** How many recent turns the model sees: enough for context, few enough to keep the prompt cheap. */
export const RECENT_TURNS = 12;
const TURN_MAX = 2000;

const PERSONAS: Record<Persona, string> = {
  companion:
    'You are Wingmate, a warm, upbeat AI companion. You chat like a supportive friend: curious, kind, a little playful. ' +
    'Keep replies short (2-5 sentences), ask a question back, and never claim to be human.',
  coach:
    'You are Wingmate, a practical dating coach. You help with first messages, replying to matches, dating bios and ' +
    'profile photos. Be specific and concise; when suggesting messages, give 2-3 options in quotes. Never encourage ' +
    'dishonesty, pressure or disrespect.',
};

const MODE_TASKS: Record<ReplyMode, string> = {
  opener:
    'Task: write 3 first messages (openers) the user can send to a match. Make them specific, easy to answer, ' +
    'and built on anything known about the match or the user. Give each in quotes on its own line.',
  reply:
    "Task: help the user answer their match. Use the match's message the user quotes (or describes, or sent as a " +
    'screenshot); if there is none, ask for it. Suggest 2-3 replies in quotes, each ending with something to answer.',
  ask_for_date:
    'Task: help the user ask their match out. Suggest 2-3 messages in quotes that propose a concrete, low-pressure ' +
    'plan (a place, a day) and leave an easy way to say no.',
};

const TONE_STYLES: Record<ReplyTone, string> = {
  playful: 'playful: light, teasing, fun',
  flirty: 'flirty: warm, a little bold, with charm but never crude',
  witty: 'witty: clever wordplay and quick humour',
  sincere: 'sincere: honest, warm and direct, no jokes needed',
  confident: 'confident: clear and self-assured, short sentences, no hedging',
};

/** The reply helper's choices as instructions; empty for a plain chat. */
export function helperText(helper: ReplyHelper | undefined): string | undefined {
  const lines = [
    ...(helper?.mode ? [MODE_TASKS[helper.mode]] : []),
    ...(helper?.tone ? [`Write the suggested messages in this tone: ${TONE_STYLES[helper.tone]}.`] : []),
  ];
  return lines.length ? lines.join('\n') : undefined;
}

export function profileText(profile: UserProfile): string | undefined {
  const lines = [
    ...(profile.firstName ? [`First name: ${profile.firstName}`] : []),
    ...profile.answers.map((a) => `Q: ${a.question}\nA: ${truncate(a.text, 500)}`),
    ...profile.questionnaire.map((a) => `Q: ${a.question}\nA: ${truncate(a.text, 500)}`),
  ];
  return lines.length ? `What the user has told us about themselves:\n${lines.join('\n')}` : undefined;
}

/** System prompt, the profile, the recent turns, then the message (with its image as a data URL part). */
export function chatMessages(request: ChatRequest): ChatCompletionMessageParam[] {
  const profile = profileText(request.profile);
  const system = [PERSONAS[request.persona], helperText(request.helper), profile]
    .filter(Boolean)
    .join('\n\n');
  const turns: ChatCompletionMessageParam[] = request.history.slice(-RECENT_TURNS).map((turn) => {
    const body = truncate(turn.body, TURN_MAX) + (turn.image ? '\n[The user sent a photo here.]' : '');
    return turn.role === 'user' ? { role: 'user', content: body } : { role: 'assistant', content: body };
  });
  const { body, image } = request.message;
  const imageUrl = image?.bytes ? dataUrlOf(image.bytes) : image?.url;
  const content: string | ChatCompletionContentPart[] = imageUrl
    ? [
        { type: 'text', text: body || 'What do you think of this photo?' },
        { type: 'image_url', image_url: { url: imageUrl } },
      ]
    : body;
  return [{ role: 'system', content: system }, ...turns, { role: 'user', content }];
}

export function bioMessages(request: BioRequest): ChatCompletionMessageParam[] {
  const answers = request.answers.map((a) => `Q: ${a.question}\nA: ${truncate(a.text, 500)}`).join('\n');
  const task = request.currentText
    ? `Rewrite this dating bio${request.instruction ? ` as asked: "${request.instruction}"` : ''}.\nCurrent bio:\n${request.currentText}`
    : 'Write a dating app bio.';
  return [
    {
      role: 'system',
      content:
        `You write dating app bios in a ${request.tone} tone: specific, honest, at most 500 characters (under 150 for ` +
        'a minimal tone), first person, no hashtags. Answer with the bio text only.',
    },
    {
      role: 'user',
      content: `${task}\n\n${request.firstName ? `Name: ${request.firstName}\n` : ''}Their answers:\n${answers || '(none)'}`,
    },
  ];
}

/** How each intensity hits (docs/product.md#roasts). */
const ROAST_INTENSITY_STYLES: Record<RoastIntensity, string> = {
  gentle:
    'Intensity: gentle. Tease lightly and kindly, as a good friend would; every remark comes with encouragement.',
  honest: 'Intensity: honest. Be direct about what does not work and give a concrete tip for each point.',
  brutal:
    'Intensity: brutal. Be blunt and funny about the choices in the bio and the photos: clichés, vague lines, no ' +
    'question to answer, dark, blurry, far-away or group photos, too few photos. No softening, but aim only at ' +
    'the choices, never at the person.',
};

/**
 * The roast's instructions for the intensity with the explicit list of what never to mention, then the only
 * material: the bio's text and what the photo review found.
 */
export function roastMessages(request: RoastRequest): ChatCompletionMessageParam[] {
  const { review } = request.photos;
  const material = [
    request.bio ? `Dating bio:\n${truncate(request.bio, 3000)}` : 'Dating bio: (none)',
    `Photos shared: ${request.photos.count}`,
    ...(review
      ? [
          `Photo review summary: ${truncate(review.summary, 500)}`,
          ...review.tips.map((tip) => `Photo review tip: ${truncate(tip, 300)}`),
          ...review.photoTips.flatMap((tips, index) =>
            tips.map((tip) => `Photo ${index + 1} tip: ${truncate(tip, 300)}`),
          ),
        ]
      : []),
  ].join('\n');
  return [
    {
      role: 'system',
      content:
        'You write roasts of dating profiles: jokes about the choices in the bio and the photos, from the material ' +
        `given and nothing else. ${ROAST_INTENSITY_STYLES[request.intensity]}\n` +
        `Never mention, guess at or joke about any of these: ${PROTECTED_TRAITS.join(', ')}, or anything the ` +
        'person did not share. No slurs, no profanity. 3-6 sentences, end with one genuinely useful tip. Answer with ' +
        'the roast only.',
    },
    { role: 'user', content: material },
  ];
}

export const PHOTO_REVIEW_FORMAT =
  'Answer with JSON only: {"score": 0-100, "summary": string, "tips": [string], "photos": [{"id": number, "score": 0-100, "tips": [string]}]}, one entry per photo with the id given.';

export function photoReviewMessages(photos: readonly PhotoInput[]): ChatCompletionMessageParam[] {
  const content: ChatCompletionContentPart[] = [
    { type: 'text', text: `Review these ${photos.length} dating profile photos. ${PHOTO_REVIEW_FORMAT}` },
  ];
  for (const photo of photos) {
    content.push({ type: 'text', text: `Photo id ${photo.id} (${photo.width}x${photo.height}):` });
    content.push({ type: 'image_url', image_url: { url: dataUrlOf(photo.bytes) } });
  }
  return [
    {
      role: 'system',
      content:
        'You are a dating profile photo expert. Judge lighting, sharpness, framing, expression and variety; give concrete, ' +
        'kind tips. Never comment on body, attractiveness or identity.',
    },
    { role: 'user', content },
  ];
}

export function followUpMessages({ review, question }: FollowUpRequest): ChatCompletionMessageParam[] {
  return [
    {
      role: 'system',
      content:
        'You are a dating profile photo expert answering a question about a review you wrote. Be brief and concrete.',
    },
    { role: 'assistant', content: JSON.stringify(review) },
    { role: 'user', content: truncate(question, 5000) },
  ];
}

export function dataUrlOf(bytes: Uint8Array): string {
  const type = bytes[0] === 0x89 ? 'image/png' : bytes[0] === 0x52 ? 'image/webp' : 'image/jpeg';
  return `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;
}
