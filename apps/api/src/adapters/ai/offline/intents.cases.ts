import type { Intent } from './intents';

/** Messages and the intent the offline engine must recognise in them (case, punctuation and emoji vary). */
export const intentCases: readonly (readonly [message: string, intent: Intent])[] = [
  ['hi', 'greeting'],
  ['HEY!!!', 'greeting'],
  ['Hello there 👋', 'greeting'],
  ['good morning :)', 'greeting'],
  ["what's up?", 'greeting'],
  ['👋', 'greeting'],

  ['Give me an opener for a girl who likes hiking', 'opener'],
  ['what should I say first to my new match?', 'opener'],
  ['I need a good icebreaker', 'opener'],
  ['How do I start a conversation on Hinge??', 'opener'],
  ['any pickup line ideas 😅', 'opener'],

  ['She said "I love dogs more than people" how do I reply?', 'match_reply'],
  ['my match said she is busy this week, what do I say back', 'match_reply'],
  ['HE TEXTED ME “wyd” what should i reply', 'match_reply'],
  ['She left me on read after I asked her out', 'match_reply'],
  ['help me respond to this: "haha you seem fun"', 'match_reply'],

  ['Can you help me with my bio?', 'bio_help'],
  ['rewrite my about me section', 'bio_help'],
  ['what should I put in my Hinge prompt', 'bio_help'],
  ['my profile text is boring, fix it', 'bio_help'],

  ['Which photo should be my main photo?', 'photo'],
  ['are my pics good enough', 'photo'],
  ['Is a gym selfie a bad idea?', 'photo'],
  ['rate my profile picture 📸', 'photo'],

  ['how are you?', 'small_talk'],
  ["I'm bored lol", 'small_talk'],
  ['thanks!! 🙏', 'small_talk'],
  ['tell me a joke', 'small_talk'],
  ['😂😂😂', 'small_talk'],

  ['What is the capital of France', 'other'],
  ['asdfghjkl', 'other'],
  ['¿Dónde está la biblioteca?', 'other'],
  ['explain quantum computing', 'other'],
  ['', 'other'],
];
