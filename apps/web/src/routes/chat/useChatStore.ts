import { createChatStore, type ChatStore } from '@wingmate/core-sdk';
import { useScreenStore } from '../../stores/screen-store';

/**
 * The chat screen's conversation (core-sdk's chat store), made once for as long as the screen is open; every
 * reply reloads the user info, whose remaining messages it changed.
 */
export function useChatStore(): ChatStore {
  return useScreenStore((client, { userInfo }) =>
    createChatStore(client, { onCharged: () => void userInfo.getState().refresh() }),
  );
}
