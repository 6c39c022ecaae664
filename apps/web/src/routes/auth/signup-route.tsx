import { SignUpPage } from './SignUpPage';

export const Component = SignUpPage;
