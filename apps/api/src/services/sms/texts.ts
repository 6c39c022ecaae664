/**
 * The texts the wingmate sends besides its replies (docs/product.md#a-wingmate-by-text-message): the confirmations
 * carriers require for the keywords, and the once-a-day notices. `webUrl` is the web app's public address.
 */
export const smsTexts = {
  help: (webUrl: string) =>
    `Wingmate: your AI dating wingmate by text. Text any message to chat; replies use your Wingmate messages. ` +
    `Msg frequency varies. Msg&data rates may apply. Help: ${webUrl}. Reply STOP to opt out.`,
  optOut: () =>
    'Wingmate: you are unsubscribed and will get no more texts from this number. Reply START to opt back in.',
  optIn: () =>
    'Wingmate: you are subscribed again. Text any message to chat. Msg&data rates may apply. ' +
    'Reply HELP for help, STOP to opt out.',
  outOfMessages: (webUrl: string) =>
    `Wingmate: you are out of messages. Get more at ${webUrl}/pricing and text again. Reply STOP to opt out.`,
  invitation: (webUrl: string) =>
    `Wingmate: this number has no Wingmate account yet. Sign up at ${webUrl}/signup with this phone, then text ` +
    `your wingmate here. Reply STOP to opt out.`,
  tryAgain: () => 'Wingmate: your wingmate could not answer just now. Please text again in a few minutes.',
};
