import type { Questionnaire, QuestionnaireAnswer } from '@wingmate/api-contract';
import { collectPages, formatDate } from '@wingmate/core-sdk';
import { Save } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useClient } from '../../stores/services';
import { Button, buttonClasses } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { LoadStatus } from '../../ui/LoadStatus';
import { errorMessage, isNotFound } from '../../ui/error-message';
import { Page } from '../../ui/Page';
import { useToast } from '../../ui/toast-store';
import { useLoader } from '../../ui/useLoader';
import { QuestionInput } from './QuestionInput';

interface Loaded {
  /** Null when no questionnaire has this id. */
  questionnaire: Questionnaire | null;
  /** The caller's answers (by token, else by uid); null when not answered yet. */
  answer: QuestionnaireAnswer | null;
}

/** `/questionnaires/:id` (everyone; a visitor by uid): answer the questionnaire, and change the answers later. */
export function QuestionnairePage() {
  const client = useClient();
  const id = Number(useParams().id);
  const { state, reload, update } = useLoader<Loaded>(async (signal) => {
    if (!Number.isInteger(id) || id < 1) return { questionnaire: null, answer: null };
    const [questionnaires, answer] = await Promise.all([
      collectPages((page) => client.account.listQuestionnaires({ page }, { signal })),
      client.account
        .getQuestionnaireAnswers(id, { signal })
        .catch((error: unknown) => (isNotFound(error) ? null : Promise.reject(error))),
    ]);
    return { questionnaire: questionnaires.find((item) => item.id === id) ?? null, answer };
  });

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
        <QuestionnaireForm
          key={ready.questionnaire.id}
          questionnaire={ready.questionnaire}
          answer={ready.answer}
          onSaved={(answer) => update((loaded) => ({ ...loaded, answer }))}
        />
      )}
    </Page>
  );
}

function QuestionnaireForm({
  questionnaire,
  answer,
  onSaved,
}: {
  questionnaire: Questionnaire;
  answer: QuestionnaireAnswer | null;
  onSaved(answer: QuestionnaireAnswer): void;
}) {
  const client = useClient();
  const toast = useToast();
  const [values, setValues] = useState<Record<number, string>>(() =>
    Object.fromEntries((answer?.answers ?? []).map((item) => [item.question, item.text])),
  );
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);

  if (!questionnaire.questions.length) {
    return <p className="text-ink-muted">This questionnaire has no questions yet.</p>;
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    const answers = questionnaire.questions
      .map((question) => ({ question: question.id, text: (values[question.id] ?? '').trim() }))
      .filter((item) => item.text);
    if (!answers.length) {
      setError('Answer at least one question.');
      return;
    }
    setError(undefined);
    setSaving(true);
    try {
      const saved = answer
        ? await client.account.updateQuestionnaireAnswer(questionnaire.id, answer.id, { answers })
        : await client.account.createQuestionnaireAnswer(questionnaire.id, { answers });
      toast({ title: 'Answers saved', tone: 'success' });
      onSaved(saved);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card>
      <form onSubmit={save} aria-label={questionnaire.title} className="flex flex-col gap-6">
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
