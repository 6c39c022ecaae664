// Writes what the built-in offline AI answers to sample prompts (docs/ai-offline.md#the-offline-ai-sample-answers),
// so anyone can judge it without running the server. Run: npx tsx tools/ai-offline-samples.ts
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { offlineModel } from '../apps/api/src/adapters/ai/offline/offline-model';
import {
  ROAST_INTENSITIES,
  type ChatRequest,
  type Persona,
  type UserProfile,
} from '../apps/api/src/adapters/ai/ports';
import { scenePixels } from '../apps/api/src/testing/test-photos';

const profile: UserProfile = {
  firstName: 'Maya',
  answers: [
    { question: 'What do you do for fun?', text: 'Bouldering, baking sourdough and terrible puns' },
    { question: 'What are you looking for?', text: 'Something real, with someone curious' },
    { question: 'What do you do for work?', text: 'Nurse on night shifts' },
  ],
  questionnaire: [{ question: 'Favourite weekend plan?', text: 'Farmers market, then a long walk' }],
};

const prompts: readonly [kind: string, persona: Persona, message: string][] = [
  ['greeting', 'companion', 'hey!'],
  ['greeting', 'coach', 'Good morning 👋'],
  ['opener', 'coach', 'Give me an opener for a guy who loves jazz'],
  ['opener', 'companion', 'what should I say first to my new match?'],
  ['opener', 'coach', 'I need an icebreaker, his profile says he is into climbing'],
  ['replying to a match', 'coach', 'She said "I only date people who can make me laugh" how do I reply?'],
  ['replying to a match', 'companion', 'He texted me “so what do you do for fun?” what do I say back'],
  ['replying to a match', 'coach', 'my match left me on read, help me respond'],
  ['bio help', 'coach', 'Can you help me with my bio?'],
  ['bio help', 'companion', 'my about me section is boring'],
  ['photo question', 'coach', 'Which photo should be my main photo?'],
  ['photo question', 'companion', 'is a gym selfie a bad idea? 📸'],
  ['small talk', 'companion', 'how are you?'],
  ['small talk', 'coach', "I'm bored lol"],
  ['small talk', 'companion', 'thanks so much!! 🙏'],
  ['off-topic', 'coach', 'What is the capital of Australia?'],
  ['off-topic', 'companion', 'explain quantum computing'],
  ['emoji only', 'companion', '😂🔥🙈'],
  ['non-English', 'coach', '¿Qué le escribo a mi match?'],
  [
    'very long message',
    'coach',
    `She said "${'I love long walks on the beach and '.repeat(60)}" what do I reply`,
  ],
];

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, '<br>');
const short = (text: string) =>
  text.length > 160 ? `${text.slice(0, 157)}… (${text.length} characters)` : text;

async function main() {
  const model = offlineModel();
  const rows: string[] = [];
  for (const [index, [kind, persona, message]] of prompts.entries()) {
    const request: ChatRequest = { persona, profile, history: [], message: { body: message }, seed: index };
    rows.push(
      `| ${index + 1} | ${kind} | ${persona} | ${cell(short(message))} | ${cell((await model.reply(request)).body)} |`,
    );
  }
  const warm = await model.generateBio({ answers: profile.answers, tone: 'warm', firstName: 'Maya' });
  const witty = await model.generateBio({ answers: profile.answers, tone: 'witty', firstName: 'Maya' });
  const photo = await sharp(scenePixels(1200, 1500), { raw: { width: 1200, height: 1500, channels: 3 } })
    .linear(0.35, 0)
    .jpeg()
    .toBuffer();
  const review = await model.reviewPhotos([{ id: 1, bytes: photo, width: 1200, height: 1500 }]);
  const roasts: string[] = [];
  for (const intensity of ROAST_INTENSITIES) {
    const roast = await model.roast({
      intensity,
      bio: 'I love travel, pizza, Netflix and my dog. Looking for my partner in crime.',
      photos: {
        count: 1,
        review: { summary: review.summary, tips: review.tips, photoTips: review.photos.map((p) => p.tips) },
      },
    });
    roasts.push(`| ${intensity} | ${cell(roast.body)} |`);
  }

  const doc = `# The offline AI: sample answers

Produced by \`npx tsx tools/ai-offline-samples.ts\` (it rewrites this file). The built-in offline engine
(\`apps/api/src/adapters/ai/offline/\`, model name \`${model.info.name}\`) answers when no \`LLM_BASE_URL\` or
\`LLM_API_KEY\` is set. It is deterministic: the same message, persona and seed give the same reply; the seed here is
the row number.

Sample profile: first name Maya; fun: "Bouldering, baking sourdough and terrible puns"; looking for: "Something real,
with someone curious"; work: "Nurse on night shifts"; questionnaire: favourite weekend plan "Farmers market, then a
long walk".

## Chat

| # | kind | persona | message | reply |
|---|---|---|---|---|
${rows.join('\n')}

## Dating bios

| tone | bio |
|---|---|
| warm | ${cell(warm.body)} |
| witty | ${cell(witty.body)} |

## Roasts

Bio: "I love travel, pizza, Netflix and my dog. Looking for my partner in crime."; one photo, the one reviewed below.

| intensity | roast |
|---|---|
${roasts.join('\n')}

## Photo review

A generated 1200x1500 test image (a textured subject on a gradient, darkened to 35% brightness), reviewed from its
pixels: score **${review.score}/100**.

- Summary: ${review.summary}
- Set tips: ${review.tips.join(' / ')}
- Photo #1 (${review.photos[0]?.score}/100): ${review.photos[0]?.tips.join(' / ')}
`;
  const file = path.join(__dirname, '..', 'docs', 'ai-offline.md');
  writeFileSync(file, doc);
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
}

void main();
