import type { Questionnaire } from '@wingmate/api-contract';
import { ChevronRight, MessageSquareHeart } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useStore } from 'zustand';
import { RequireSignIn } from '../../frame/RequireSignIn';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { LoadStatus } from '../../ui/LoadStatus';
import { Page } from '../../ui/Page';
import { useLoader } from '../../ui/useLoader';
import { FeedbackDialog } from '../feedback/FeedbackDialog';
import { AnswerForm } from './AnswerForm';
import { useProfileStore } from './use-profile-stores';

/** `/profile` (members): the profile questions with the member's answers, the questionnaires, and feedback. */
export function ProfilePage() {
  return (
    <RequireSignIn>
      <ProfileScreen />
    </RequireSignIn>
  );
}

function ProfileScreen() {
  const store = useProfileStore();
  const { state, reload } = useLoader((signal) => store.load(signal));
  const questions = useStore(store, (profile) => profile.questions);
  const answered = useStore(store, (profile) => profile.answers.length);
  const questionnaires = useStore(store, (profile) => profile.questionnaires);

  return (
    <Page
      title="Your profile"
      intro={
        <p>
          Your answers help Wingmate write bios, openers and advice that sound like you. Answer what you like;
          change or delete an answer any time.
        </p>
      }
    >
      <LoadStatus
        state={state}
        onRetry={reload}
        loadingLabel="Loading your profile"
        failure="Your profile could not be loaded."
      />
      {state.status === 'ready' && (
        <>
          <section aria-labelledby="questions-heading" className="flex flex-col gap-4">
            <h2 id="questions-heading" className="text-2xl font-semibold text-ink">
              Profile questions
            </h2>
            {questions.length === 0 ? (
              <p className="text-ink-muted">There are no profile questions yet.</p>
            ) : (
              <p className="text-sm text-ink-muted">
                {answered} of {questions.length} answered
              </p>
            )}
            {[...questions]
              .sort((a, b) => a.order - b.order)
              .map((question) => (
                <AnswerForm key={question.id} store={store} question={question} />
              ))}
          </section>
          <QuestionnaireLinks questionnaires={questionnaires} />
          <FeedbackCard />
        </>
      )}
    </Page>
  );
}

function QuestionnaireLinks({ questionnaires }: { questionnaires: Questionnaire[] }) {
  if (!questionnaires.length) return null;
  return (
    <section aria-labelledby="questionnaires-heading" className="flex flex-col gap-4">
      <h2 id="questionnaires-heading" className="text-2xl font-semibold text-ink">
        Questionnaires
      </h2>
      <ul className="flex flex-col gap-3">
        {questionnaires.map((questionnaire) => (
          <li key={questionnaire.id}>
            <Link
              to={`/questionnaires/${questionnaire.id}`}
              className="flex items-center justify-between gap-4 rounded-lg border border-line bg-surface p-4 hover:bg-surface-muted"
            >
              <span>
                <span className="block font-semibold text-ink">{questionnaire.title}</span>
                <span className="block text-sm text-ink-muted">{questionnaire.description}</span>
              </span>
              <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-ink-muted" />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function FeedbackCard() {
  const [open, setOpen] = useState(false);
  return (
    <Card className="flex flex-col items-start gap-3">
      <h2 className="font-sans text-lg font-semibold text-ink">Tell us what you think</h2>
      <p className="text-sm text-ink-muted">Something missing, confusing or great? One line is plenty.</p>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <MessageSquareHeart aria-hidden="true" className="size-4" />
        Send feedback
      </Button>
      <FeedbackDialog open={open} onOpenChange={setOpen} />
    </Card>
  );
}
