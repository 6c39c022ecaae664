/** What a keyword text asks for (docs/product.md#a-wingmate-by-text-message). */
export type SmsKeyword = 'opt_out' | 'opt_in' | 'help';

/**
 * The keywords carriers require, with every default keyword of Twilio's opt-out handling (its Advanced Opt-Out
 * lists OPTOUT and REVOKE beside the classic six), so a number Twilio blocks is one this server stops texting.
 */
const KEYWORDS: Readonly<Record<string, SmsKeyword>> = {
  STOP: 'opt_out',
  STOPALL: 'opt_out',
  UNSUBSCRIBE: 'opt_out',
  CANCEL: 'opt_out',
  END: 'opt_out',
  QUIT: 'opt_out',
  OPTOUT: 'opt_out',
  REVOKE: 'opt_out',
  START: 'opt_in',
  YES: 'opt_in',
  UNSTOP: 'opt_in',
  HELP: 'help',
  INFO: 'help',
};

/** The keyword a text is: the whole message, trimmed, in any case ("stop please" is a chat message). */
export function keywordOf(body: string): SmsKeyword | undefined {
  return KEYWORDS[body.trim().toUpperCase()];
}

/** Twilio's `OptOutType` (`STOP`, `START`, `HELP`): present when Twilio itself answered the keyword. */
export function keywordOfOptOutType(optOutType: string | undefined): SmsKeyword | undefined {
  switch (optOutType?.toUpperCase()) {
    case 'STOP':
      return 'opt_out';
    case 'START':
      return 'opt_in';
    case 'HELP':
      return 'help';
    default:
      return undefined;
  }
}
