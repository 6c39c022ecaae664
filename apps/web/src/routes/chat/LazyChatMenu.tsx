import { MoreHorizontal } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { IconButton } from '../../ui/IconButton';
import type { ChatMenuProps } from './ChatMenu';
import { preloadDeleteHistory } from './chat-dialogs';

const loadChatMenu = () => import('./ChatMenu');
const ChatMenu = lazy(() => loadChatMenu().then((module) => ({ default: module.ChatMenu })));

/** The menu and the confirmation its "Delete chat history" opens. */
function preload() {
  void loadChatMenu();
  preloadDeleteHistory();
}

/**
 * The chat menu's button. The menu itself (Radix's menu with its positioning and focus helpers, the largest part of
 * the chat's code) loads when the person reaches for the button (pointer over it, touch, focus) and opens as soon
 * as it is in, so an empty chat's first paint and start-up carry none of it.
 */
export function LazyChatMenu(props: ChatMenuProps) {
  const [wanted, setWanted] = useState(false);
  const button = (
    <IconButton
      ref={props.triggerRef}
      label="Chat menu"
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={preload}
      onTouchStart={preload}
      onFocus={preload}
      onClick={() => {
        preload();
        setWanted(true);
      }}
    >
      <MoreHorizontal aria-hidden="true" className="size-5" />
    </IconButton>
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <ChatMenu {...props} defaultOpen />
    </Suspense>
  );
}
