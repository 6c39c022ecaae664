import type { Answer, Question } from '@wingmate/api-contract';
import { formatDate } from '@wingmate/core-sdk';
import { Save, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useClient } from '../../stores/services';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { errorMessage } from '../../ui/error-message';
import { useToast } from '../../ui/toast-store';
import { QuestionInput } from './QuestionInput';

/**
 * One profile question with the member's answer: answer it, change it (a refusal shows under the answer, from the
 * server's `text` message), or delete it (an answer already gone counts as deleted).
 */
export function AnswerForm({
  question,
  answer,
  onChange,
}: {
  question: Question;
  answer: Answer | undefined;
  onChange(question: number, answer: Answer | undefined): void;
}) {
  const client = useClient();
  const toast = useToast();
  const headingId = useId();
  const [value, setValue] = useState(answer?.text ?? '');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState<'save' | 'delete' | null>(null);
  const changed = value.trim() !== (answer?.text ?? '');

  async function save(event: FormEvent) {
    event.preventDefault();
    const text = value.trim();
    if (!text) {
      setError(answer ? 'Write an answer, or delete it.' : 'Write an answer first.');
      return;
    }
    setError(undefined);
    setBusy('save');
    try {
      const saved = answer
        ? await client.account.updateAnswers({ answers: [{ id: answer.id, text }] })
        : await client.account.createAnswers({ answers: [{ question: question.id, text }] });
      const mine = saved.find((item) => item.question === question.id) ?? saved[0];
      onChange(question.id, mine);
      setValue(mine?.text ?? text);
      toast({ title: 'Answer saved', tone: 'success' });
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(null);
    }
  }

  async function remove() {
    if (!answer) return;
    setError(undefined);
    setBusy('delete');
    try {
      await client.account.deleteAnswer(answer.id);
      onChange(question.id, undefined);
      setValue('');
      toast({ title: 'Answer deleted', tone: 'success' });
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(null);
    }
  }

  return (
    <Card>
      <form onSubmit={save} aria-labelledby={headingId} className="flex flex-col gap-4">
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
