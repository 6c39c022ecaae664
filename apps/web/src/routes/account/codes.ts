import { CODE_LENGTH } from '@wingmate/core-sdk';
import type { FormProblem } from './problem';

/** Whether a typed code has all its digits (checked before anything is sent). */
export const isCompleteCode = (code: string) => code.length === CODE_LENGTH && /^\d+$/.test(code);

const ENTER_THE_CODE = `Enter the ${CODE_LENGTH}-digit code.`;

/** What stops a form from sending its code: none sent yet, or not all its digits typed; null when it may go. */
export function codeProblem(code: string, codeWasSent = true): FormProblem | null {
  if (!codeWasSent) return { message: 'Send yourself a code first.', fields: {} };
  if (isCompleteCode(code)) return null;
  return { message: ENTER_THE_CODE, fields: { code: ENTER_THE_CODE } };
}
