import { MatchesPage } from './MatchesPage';

export const Component = MatchesPage;
