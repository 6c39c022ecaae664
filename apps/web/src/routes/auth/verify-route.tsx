import { VerifyPage } from './VerifyPage';

export const Component = VerifyPage;
