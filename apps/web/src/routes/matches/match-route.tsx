import { MatchPage } from './MatchPage';

export const Component = MatchPage;
