import { BioPage } from './BioPage';

export const Component = BioPage;
