import { ChatPage } from './ChatPage';

export const Component = ChatPage;
