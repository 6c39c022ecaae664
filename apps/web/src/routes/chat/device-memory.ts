import {
  createReplyHelperStore,
  storedChatDraft,
  webStorage,
  type ReplyHelperStore,
} from '@wingmate/core-sdk';
import { useState } from 'react';

/** Where the chat's draft and the reply helper's choice are kept (core-sdk's rules): this browser's localStorage. */
const device = webStorage(() => globalThis.localStorage);

/** The message box's draft on this device. */
export const chatDraft = storedChatDraft(device);

/** The reply helper (core-sdk's store), made once for as long as the screen is open, at this device's choice. */
export function useReplyHelperStore(): ReplyHelperStore {
  const [store] = useState(() => createReplyHelperStore(device));
  return store;
}
