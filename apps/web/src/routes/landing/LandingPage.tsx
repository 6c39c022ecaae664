import { ArrowRight, Camera, MessageCircle, PenLine, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonClasses, Card } from '../../ui';

interface ExampleUse {
  icon: LucideIcon;
  title: string;
  ask: string;
  answer: string;
}

const exampleUses: ExampleUse[] = [
  {
    icon: MessageCircle,
    title: 'Write an opener',
    ask: 'Her profile says she hikes and loves bad puns. What do I open with?',
    answer:
      '“I was going to tell you my best hiking pun, but I’m still working on the punchline. Peak first?”',
  },
  {
    icon: PenLine,
    title: 'Review my bio',
    ask: '“I like travel, food and having fun.” Too plain?',
    answer:
      'A little. Swap the list for one scene: “Will cross a city for the right dumplings. Ask me which.”',
  },
  {
    icon: Camera,
    title: 'Rate my photos',
    ask: 'Which of these six should go first?',
    answer:
      'The one on the trail: face in daylight, a real smile, no sunglasses. Score 8.6, ranked first of six.',
  },
];

/** The landing page, `abtest_homepage` = `control`: hero, three example uses, "Try it free". */
export function LandingPage() {
  return (
    <>
      <title>Wingmate: your AI dating coach</title>
      <section className="mx-auto grid w-full max-w-6xl items-center gap-12 px-gutter pt-12 pb-16 sm:pt-20 lg:grid-cols-[1.1fr_1fr]">
        <div>
          <p className="text-sm font-semibold tracking-wide text-brand uppercase">
            AI companion and dating coach
          </p>
          <h1 className="mt-3 text-4xl leading-[1.1] font-semibold text-ink sm:text-5xl lg:text-6xl">
            Better dates start with better words
          </h1>
          <p className="mt-5 max-w-xl text-lg text-ink-muted">
            Wingmate writes your openers, answers your matches with you, sharpens your bio and tells you
            honestly which photos work. Private, patient and available at 2 a.m.
          </p>
          <div className="mt-8 flex flex-wrap items-center gap-3">
            <Link to="/chat" className={buttonClasses({ size: 'lg' })}>
              Try it free
              <ArrowRight aria-hidden="true" className="size-5" />
            </Link>
            <Link to="/pricing" className={buttonClasses({ size: 'lg', variant: 'ghost' })}>
              See pricing
            </Link>
          </div>
          <p className="mt-4 text-sm text-ink-muted">Free messages to start, no card needed.</p>
        </div>
        <ChatPreview />
      </section>

      <ExampleUses />
    </>
  );
}

/** A still picture of a conversation, so the first screen shows what the product does. */
function ChatPreview() {
  return (
    <figure className="mx-auto w-full max-w-md">
      <div className="rounded-xl border border-line bg-surface p-5 shadow-lg">
        <div className="flex flex-col gap-3 text-[0.9375rem]">
          <p className="ml-auto max-w-[85%] rounded-lg rounded-br-sm bg-brand px-4 py-2.5 text-on-brand">
            She replied “haha” to my joke. Now what?
          </p>
          <p className="mr-auto max-w-[85%] rounded-lg rounded-bl-sm bg-surface-muted px-4 py-2.5 text-ink">
            Keep it light and give her something easy to answer: “Rating my joke out of 10, generously?”
          </p>
          <p className="ml-auto max-w-[85%] rounded-lg rounded-br-sm bg-brand px-4 py-2.5 text-on-brand">
            Perfect, sending it.
          </p>
        </div>
      </div>
      <figcaption className="mt-3 text-center text-sm text-ink-muted">An example from the chat</figcaption>
    </figure>
  );
}

/** What people ask Wingmate: three example uses, shown by both landing variants. */
export function ExampleUses() {
  return (
    <section aria-labelledby="examples-title" className="border-t border-line bg-surface-muted">
      <div className="mx-auto w-full max-w-6xl px-gutter py-16">
        <h2 id="examples-title" className="text-3xl font-semibold text-ink">
          What people ask Wingmate
        </h2>
        <ul className="mt-8 grid gap-5 md:grid-cols-3">
          {exampleUses.map(({ icon: Icon, title, ask, answer }) => (
            <li key={title}>
              <Card className="flex h-full flex-col gap-4">
                <h3 className="flex items-center gap-2.5 font-sans text-lg font-semibold text-ink">
                  <span className="inline-flex size-9 items-center justify-center rounded-full bg-brand-soft text-on-brand-soft">
                    <Icon aria-hidden="true" className="size-5" />
                  </span>
                  {title}
                </h3>
                <p className="text-ink-muted">
                  <span className="font-medium text-ink">You: </span>
                  {ask}
                </p>
                <p className="text-ink">
                  <span className="font-medium">Wingmate: </span>
                  {answer}
                </p>
              </Card>
            </li>
          ))}
        </ul>
        <div className="mt-10 flex justify-center">
          <Link to="/chat" className={buttonClasses({ size: 'lg', variant: 'secondary' })}>
            Start a chat
          </Link>
        </div>
      </div>
    </section>
  );
}
