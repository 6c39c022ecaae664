import { StylePage } from './StylePage';

export const Component = StylePage;
