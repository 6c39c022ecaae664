import type { ReadableStore, SubmissionState } from '@wingmate/core-sdk';
import { useState } from 'react';
import { useStore } from 'zustand';
import { readProblem, type FormProblem } from './problem';

export interface FormSubmission {
  busy: boolean;
  problem: FormProblem | null;
  /** Shows a problem found before calling the API (a missing or malformed field). */
  setProblem: (problem: FormProblem | null) => void;
  /**
   * Runs the form's call, a method of its store: busy and the old problem cleared while it runs; a failure, kept
   * by the store, becomes the form's problem. On success the form stays busy, since the dialog closes or the next
   * step replaces the form.
   */
  submit: (call: () => Promise<void>) => Promise<void>;
}

/** The busy flag and the problem of an account form, read from the store that sends it. */
export function useFormSubmission(store: ReadableStore<SubmissionState>): FormSubmission {
  const status = useStore(store, (state) => state.status);
  const error = useStore(store, (state) => state.error);
  const [checkProblem, setProblem] = useState<FormProblem | null>(null);

  async function submit(call: () => Promise<void>) {
    setProblem(null);
    try {
      await call();
    } catch {
      // The store holds the failure; `problem` below reads it.
    }
  }

  return {
    busy: status === 'sending' || status === 'done',
    problem: checkProblem ?? (status === 'failed' ? readProblem(error) : null),
    setProblem,
    submit,
  };
}
