import { ProfilePage } from './ProfilePage';

export const Component = ProfilePage;
