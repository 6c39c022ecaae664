import type { Questionnaire } from '@wingmate/api-contract';
import { formatDate, questionnaireAnswers, type QuestionnaireStore } from '@wingmate/core-sdk';
import { Save } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useStore } from 'zustand';
import { Button, buttonClasses } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { LoadStatus } from '../../ui/LoadStatus';
import { errorMessage } from '../../ui/error-message';
import { Page } from '../../ui/Page';
import { useToast } from '../../ui/toast-store';
import { useLoader } from '../../ui/useLoader';
import { QuestionInput } from './QuestionInput';
import { useQuestionnaireStore } from './use-profile-stores';

/** `/questionnaires/:id` (everyone; a visitor by uid): answer the questionnaire, and change the answers later. */
export function QuestionnairePage() {
  const store = useQuestionnaireStore();
  const id = Number(useParams().id);
  const { state, reload } = useLoader((signal) => store.load(id, signal));

  const ready = state.status === 'ready' ? state.data : null;
  const title = ready ? (ready.questionnaire?.title ?? 'Questionnaire not found') : 'Questionnaire';
  return (
    <Page title={title} intro={ready?.questionnaire && <p>{ready.questionnaire.description}</p>}>
      <LoadStatus
        state={state}
        onRetry={reload}
        loadingLabel="Loading the questionnaire"
        failure="The questionnaire could not be loaded."
      />
      {ready && !ready.questionnaire && (
        <div className="flex flex-col items-start gap-4">
          <p className="text-ink-muted">
            There is no questionnaire at this address; it may have been removed.
          </p>
          <Link to="/profile" className={buttonClasses({ variant: 'secondary' })}>
            Go to your profile
          </Link>
        </div>
      )}
      {ready?.questionnaire && (
        <QuestionnaireForm key={ready.questionnaire.id} store={store} questionnaire={ready.questionnaire} />
      )}
    </Page>
  );
}

function QuestionnaireForm({
  store,
  questionnaire,
}: {
  store: QuestionnaireStore;
  questionnaire: Questionnaire;
}) {
  const toast = useToast();
  const answer = useStore(store, (loaded) => loaded.answer);
  const saving = useStore(store, (loaded) => loaded.saving);
  const failure = useStore(store, (loaded) => loaded.saveError);
  const [values, setValues] = useState<Record<number, string>>(() =>
    Object.fromEntries((answer?.answers ?? []).map((item) => [item.question, item.text])),
  );
  const [nothingAnswered, setNothingAnswered] = useState<string>();
  const error = nothingAnswered ?? (failure ? errorMessage(failure) : undefined);

  if (!questionnaire.questions.length) {
    return <p className="text-ink-muted">This questionnaire has no questions yet.</p>;
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!questionnaireAnswers(questionnaire, values).length) {
      setNothingAnswered('Answer at least one question.');
      return;
    }
    setNothingAnswered(undefined);
    if (await store.save(values)) toast({ title: 'Answers saved', tone: 'success' });
  }

  return (
    <Card>
      <form
        onSubmit={(event) => void save(event)}
        aria-label={questionnaire.title}
        className="flex flex-col gap-6"
      >
        {questionnaire.questions.map((question) => (
          <QuestionInput
            key={question.id}
            question={question}
            value={values[question.id] ?? ''}
            onChange={(value) => setValues((current) => ({ ...current, [question.id]: value }))}
          />
        ))}
        {error && <ErrorNotice>{error}</ErrorNotice>}
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" loading={saving}>
            <Save aria-hidden="true" className="size-4" />
            Save
          </Button>
          <span className="text-sm text-ink-muted">
            {answer
              ? `Answered ${formatDate(answer.updated_at)}; change anything and save again.`
              : 'Not answered yet.'}
          </span>
        </div>
      </form>
    </Card>
  );
}
