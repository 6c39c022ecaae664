import type { Question } from '@wingmate/api-contract';
import { formatDate, type ProfileStore } from '@wingmate/core-sdk';
import { Save, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useStore } from 'zustand';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { errorMessage } from '../../ui/error-message';
import { useToast } from '../../ui/toast-store';
import { QuestionInput } from './QuestionInput';

/**
 * One profile question with the member's answer: answer it, change it (a refusal shows under the answer, from the
 * server's `text` message), or delete it (an answer already gone counts as deleted).
 */
export function AnswerForm({ store, question }: { store: ProfileStore; question: Question }) {
  const toast = useToast();
  const headingId = useId();
  const answer = useStore(store, (profile) => profile.answers.find((item) => item.question === question.id));
  const busy = useStore(store, (profile) => profile.answering[question.id] ?? null);
  const failure = useStore(store, (profile) => profile.answerErrors[question.id]);
  const [value, setValue] = useState(answer?.text ?? '');
  const [missingText, setMissingText] = useState<string>();
  const error = missingText ?? (failure ? errorMessage(failure) : undefined);
  const changed = value.trim() !== (answer?.text ?? '');

  async function save(event: FormEvent) {
    event.preventDefault();
    const text = value.trim();
    if (!text) {
      setMissingText(answer ? 'Write an answer, or delete it.' : 'Write an answer first.');
      return;
    }
    setMissingText(undefined);
    if (!(await store.saveAnswer(question.id, text))) return;
    setValue(store.answerTo(question.id)?.text ?? text);
    toast({ title: 'Answer saved', tone: 'success' });
  }

  async function remove() {
    if (!answer) return;
    setMissingText(undefined);
    if (!(await store.deleteAnswer(question.id))) return;
    setValue('');
    toast({ title: 'Answer deleted', tone: 'success' });
  }

  return (
    <Card>
      <form
        onSubmit={(event) => void save(event)}
        aria-labelledby={headingId}
        className="flex flex-col gap-4"
      >
        <h3 id={headingId} className="sr-only">
          {question.text}
        </h3>
        <QuestionInput question={question} value={value} error={error} onChange={setValue} />
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" size="sm" loading={busy === 'save'} disabled={busy !== null || !changed}>
            <Save aria-hidden="true" className="size-4" />
            Save
          </Button>
          {answer && (
            <Button
              size="sm"
              variant="ghost"
              loading={busy === 'delete'}
              disabled={busy !== null}
              onClick={() => void remove()}
            >
              <Trash2 aria-hidden="true" className="size-4" />
              Delete
            </Button>
          )}
          <span className="text-sm text-ink-muted">
            {answer ? `Saved ${formatDate(answer.updated_at)}` : 'Not answered yet'}
          </span>
        </div>
      </form>
    </Card>
  );
}
