import { PhotosPage } from './PhotosPage';

export const Component = PhotosPage;
