import type { BioImage, ImageReview } from '@wingmate/api-contract';
import { BEST_KEPT, rankPhotos, scoreOutOfTen, type DropReason } from '@wingmate/core-sdk';
import { MessageCircleQuestion } from 'lucide-react';
import { useState, type FormEvent, type Ref } from 'react';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Field } from '../../ui/Field';
import { LazyMarkdown } from '../../ui/LazyMarkdown';
import type { PhotoBox } from '../../ui/responsive-image';
import { useBioPhotoAttributes } from './media-url';

const dropWords: Record<DropReason, string> = {
  'low-score': 'Suggested to drop: under 5 of 10',
  'past-best-six': `Suggested to drop: past your best ${BEST_KEPT}`,
};

/** The ranking's square thumbnail: 80 px, 96 px from 640 px wide, cropped to fill. */
const RANKING_THUMBNAIL: PhotoBox = {
  widths: [{ media: '(min-width: 640px)', width: '96px' }, { width: '80px' }],
  coverAspect: 1,
};

/** The review: overall score and summary, the ranking with each photo's reasons, and questions about it. */
export function PhotoReviewPanel({
  review,
  images,
  outdated,
  headingRef,
  onAsk,
}: {
  review: ImageReview;
  images: readonly BioImage[];
  /** The photos changed since: the ranking covers only those still uploaded. */
  outdated: boolean;
  headingRef: Ref<HTMLHeadingElement>;
  /** Resolves when answered; rejects with the words to show. */
  onAsk: (question: string) => Promise<void>;
}) {
  const photoAttributes = useBioPhotoAttributes();
  const ranked = rankPhotos(review, images);
  return (
    <section aria-labelledby="review-heading" className="flex flex-col gap-6">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id="review-heading" ref={headingRef} tabIndex={-1} className="text-2xl font-semibold text-ink">
          Your photo review
        </h2>
        {review.model.offline && <Badge>Offline model</Badge>}
      </div>
      {outdated && (
        <p className="rounded-lg bg-warning-soft p-3 text-sm text-ink">
          Your photos changed since this review. Press “Review my photos” for a fresh one.
        </p>
      )}
      <Card className="flex flex-col gap-3">
        <p className="text-ink">
          Overall <span className="text-2xl font-semibold">{scoreOutOfTen(review.score)}</span>
        </p>
        <LazyMarkdown className="text-ink">{review.summary}</LazyMarkdown>
        {review.tips.length > 0 && (
          <ul className="list-disc space-y-1 pl-6 text-sm text-ink">
            {review.tips.map((tip, index) => (
              <li key={index}>{tip}</li>
            ))}
          </ul>
        )}
      </Card>

      <div className="flex flex-col gap-3">
        <h3 className="font-sans text-lg font-semibold text-ink">Ranking, best first</h3>
        <ol className="flex flex-col gap-3" aria-label="Ranking">
          {ranked.map((photo) => (
            <li
              key={photo.image.id}
              aria-label={`${photo.rank}. Photo ${photo.position}, ${scoreOutOfTen(photo.score)}`}
              className="flex gap-4 rounded-lg border border-line bg-surface p-3"
            >
              <img
                {...photoAttributes(photo.image, RANKING_THUMBNAIL)}
                alt=""
                loading="lazy"
                decoding="async"
                className="size-20 shrink-0 rounded-md bg-surface-muted object-cover sm:size-24"
              />
              <div className="flex min-w-0 flex-col gap-1.5">
                <p className="font-semibold text-ink">
                  {photo.rank}. Photo {photo.position}{' '}
                  <span className="font-normal text-ink-muted">· {scoreOutOfTen(photo.score)}</span>
                </p>
                {photo.drop && (
                  <Badge tone="danger" className="self-start">
                    {dropWords[photo.drop]}
                  </Badge>
                )}
                <ul className="list-disc space-y-0.5 pl-5 text-sm text-ink">
                  {photo.tips.map((tip, index) => (
                    <li key={index}>{tip}</li>
                  ))}
                </ul>
              </div>
            </li>
          ))}
        </ol>
      </div>

      <FollowUps review={review} onAsk={onAsk} />
    </section>
  );
}

function FollowUps({ review, onAsk }: { review: ImageReview; onAsk: (question: string) => Promise<void> }) {
  const [question, setQuestion] = useState('');
  const [error, setError] = useState<string>();
  const [asking, setAsking] = useState(false);

  async function ask(event: FormEvent) {
    event.preventDefault();
    const asked = question.trim();
    if (!asked) {
      setError('Type a question about your review first.');
      return;
    }
    setError(undefined);
    setAsking(true);
    try {
      await onAsk(asked);
      setQuestion('');
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setAsking(false);
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <h3 className="font-sans text-lg font-semibold text-ink">Questions about your review</h3>
      {review.follow_ups.length > 0 && (
        <ul className="flex flex-col gap-3" aria-label="Questions and answers">
          {review.follow_ups.map((followUp, index) => (
            <li key={index} className="rounded-lg bg-surface-muted p-4">
              <p className="font-semibold text-ink">{followUp.question}</p>
              <LazyMarkdown className="mt-2 text-ink">{followUp.answer}</LazyMarkdown>
            </li>
          ))}
        </ul>
      )}
      <form
        onSubmit={(event) => void ask(event)}
        className="flex flex-col gap-3"
        aria-label="Ask about your review"
      >
        <Field
          label="Ask about your review"
          placeholder="Which photo should be my first?"
          value={question}
          maxLength={5000}
          error={error}
          onChange={(event) => setQuestion(event.target.value)}
        />
        <Button type="submit" variant="secondary" loading={asking} className="self-start">
          <MessageCircleQuestion aria-hidden="true" className="size-4" />
          Ask
        </Button>
      </form>
    </div>
  );
}
