import { PrivacyPage } from './PrivacyPage';

export const Component = PrivacyPage;
