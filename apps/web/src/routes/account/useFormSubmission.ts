import { useState } from 'react';
import { readProblem, type FormProblem } from './problem';

export interface FormSubmission {
  busy: boolean;
  problem: FormProblem | null;
  /** Shows a problem found before calling the API (a missing or malformed field). */
  setProblem(problem: FormProblem | null): void;
  /**
   * Runs the form's call: busy and the old problem cleared while it runs; a failure becomes the form's problem.
   * On success the form stays busy, since the dialog closes or the next step replaces the form.
   */
  submit(call: () => Promise<void>): Promise<void>;
}

/** The busy flag and the problem of an account form, shared by every form of the dialogs. */
export function useFormSubmission(): FormSubmission {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<FormProblem | null>(null);

  async function submit(call: () => Promise<void>) {
    setBusy(true);
    setProblem(null);
    try {
      await call();
    } catch (error) {
      setProblem(readProblem(error));
      setBusy(false);
    }
  }

  return { busy, problem, setProblem, submit };
}
