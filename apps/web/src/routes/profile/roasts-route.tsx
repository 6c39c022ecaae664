import { RoastsPage } from './RoastsPage';

export const Component = RoastsPage;
