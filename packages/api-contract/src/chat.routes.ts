import { defineRoutes } from './route';

/** Method, path and auth mode of each chat operation, with no schema code; `./chat.ts` spreads them. */
export const chatRoutes = defineRoutes('chat', {
  sendChatMessage: ['POST', '/api/v1/chat/', 'optional'],
  streamChatMessage: ['POST', '/api/v1/chat/stream/', 'optional'],
  sendMobileChatMessage: ['POST', '/api/v1/mobile/chat/', 'optional'],
  getChatHistory: ['GET', '/api/v1/mobile/new_ai_history/', 'optional'],
  deleteChatHistory: ['POST', '/api/v1/chat/history/delete/', 'optional'],
  receiveTwilioSms: ['POST', '/webhooks/twilio/sms/', 'public'],
});
