import { Download, MoreHorizontal, Search, Trash2 } from 'lucide-react';
import type { Ref } from 'react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../ui/DropdownMenu';
import { IconButton } from '../../ui/IconButton';

export interface ChatMenuProps {
  hasMessages: boolean;
  /** The menu's button, where focus returns after the search or the delete dialog closes. */
  triggerRef?: Ref<HTMLButtonElement>;
  onSearch: () => void;
  onExport: () => void;
  onDelete: () => void;
  /** Open as it appears (the person pressed the button while this code was loading: `LazyChatMenu`). */
  defaultOpen?: boolean;
}

/** The chat's menu: search the loaded history, export the chat as text, delete the history. */
export function ChatMenu({
  hasMessages,
  onSearch,
  onExport,
  onDelete,
  triggerRef,
  defaultOpen,
}: ChatMenuProps) {
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <IconButton ref={triggerRef} label="Chat menu">
          <MoreHorizontal aria-hidden="true" className="size-5" />
        </IconButton>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuItem onSelect={onSearch} disabled={!hasMessages}>
          <Search aria-hidden="true" className="size-4" />
          Search this chat
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={onExport} disabled={!hasMessages}>
          <Download aria-hidden="true" className="size-4" />
          Export this chat
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={onDelete} disabled={!hasMessages} className="text-danger">
          <Trash2 aria-hidden="true" className="size-4" />
          Delete chat history
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
