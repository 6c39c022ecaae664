import { LandingPage } from './LandingPage';

export const Component = LandingPage;
