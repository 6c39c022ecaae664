import type { ChatRequest, MatchContext, ReplySuggestionRequest, SuggestedReply } from '../ports';
import { hashOf, seededRandom, type Random } from '../prng';
import { tidy } from '../text';
import type { OfferedMessages } from './offered-messages';
import { detailsOf } from './profile-details';
import { replyInTone } from './reply-helper';

/** The match's newest line of the real conversation, the one "What do I answer?" answers. */
export function newestLineOfTheirs(match: MatchContext): string | undefined {
  return [...match.lines].reverse().find((line) => line.side === 'them')?.text;
}

/**
 * The offline engine's coaching reply about one match (docs/product.md#how-a-matchs-memory-works): it names the
 * match, quotes their newest line with a reply to it, brings back a remembered fact (pinned first) and the person's
 * own interests, then asks something back.
 */
export function coachingReply(
  request: ChatRequest & { match: MatchContext },
  random: Random,
  offered: OfferedMessages,
): string {
  const { match } = request;
  const name = tidy(match.name, 80);
  const theirs = newestLineOfTheirs(match);
  const fact = match.facts[0];
  const interest = detailsOf(request.profile).interests[0];
  const parts = [
    random.pick([`Let's look at ${name}.`, `Okay, about ${name}.`, `Thinking about ${name}:`]),
    theirs
      ? `Their newest message was "${tidy(theirs, 160)}". One way to answer: ${answerTo(theirs, random, offered)}`
      : `There is no message from ${name} in the transcript yet: add your conversation (typed in or from screenshots) and I can answer it with you.`,
    fact ? `Worth keeping in mind: ${tidy(fact.text, 200)}. Bringing it up shows you listened.` : '',
    interest ? `You could also bring in your love of ${interest}.` : '',
    random.pick([
      `What would you like ${name} to know about you next?`,
      `How do you feel it is going with ${name}?`,
      `Do you want to keep chatting, or suggest meeting up?`,
    ]),
  ];
  return parts.filter(Boolean).join(' ');
}

/** One reply to their line, in a tone the coach picks, offered to send (docs/product.md#what-works-for-you). */
function answerTo(theirs: string, random: Random, offered: OfferedMessages): string {
  const tone = random.pick(['playful', 'sincere', 'confident'] as const);
  return offered.quote('reply', tone, replyInTone(tone, theirs, random));
}

/** One reply to the match's newest line in each tone asked, deterministic for the seed. */
export function suggestOffline(request: ReplySuggestionRequest): SuggestedReply[] {
  const line = newestLineOfTheirs(request.match) ?? '';
  const random = seededRandom(hashOf(request.seed, 'replies', line));
  return request.tones.map((tone) => ({ tone, text: replyInTone(tone, line, random) }));
}
