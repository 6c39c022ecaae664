import { TermsPage } from './TermsPage';

export const Component = TermsPage;
